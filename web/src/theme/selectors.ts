/**
 * The CSS selectors of the knitfront theme's markup the knitfront enhancers work on, in one place.
 * The product page's reach the enhancers through the knitfront theme's adapter
 * (adapters/knitfront.ts); another theme family has an adapter of its own (adapters/dawn.ts).
 *
 * The values follow Shopify's reference theme, Dawn, and theme/ renders them so (its sections
 * main-product and cart-drawer, its snippets price and cart-totals). The browser smoke test
 * (e2e/storefront.test.mjs) checks that each selector matches on the page where it should.
 */

// --- Product page ------------------------------------------------------------------------------

/** The product form: Dawn's <product-form> around the form posting to /cart/add. */
export const PRODUCT_FORM = 'product-form.product-form';

/** The form element inside the product form, the one the sticky footer copies. */
export const PRODUCT_FORM_ELEMENT = 'product-form.product-form form[data-type="add-to-cart-form"]';

/** The hidden input holding the selected variant's id, inside the product form. */
export const PRODUCT_VARIANT_ID_INPUT = 'input[name="id"].product-variant-id';

/** The buy buttons: the submit buttons of the product form, Add to cart and Pre-order. */
export const BUY_BUTTONS = '.product-form__buttons';

/** The Add to cart submit button (Dawn's #ProductSubmitButton-{section id}). */
export const ADD_TO_CART_BUTTON = 'button[id^="ProductSubmitButton-"].product-form__submit';

/** The pre-order button, shown instead of Add to cart for a variant open for pre-order. */
export const PREORDER_BUTTON = 'preorder-button .product-form__preorder';

/** The selling-plan (payment option) group of a pre-order. */
export const SELLING_PLAN_GROUP = '[data-selling-plan-group]';

/** The options of the selling-plan group: one radio input each. */
export const SELLING_PLAN_OPTIONS = '[data-selling-plan-group] input[name="selling_plan"]';

/** The price container of the product page, holding <product-price>. */
export const PRICE_CONTAINER = '.product__price .price__container';

/**
 * The product page's price element, in the price container: the price widget, whose price the
 * buy buttons read from its shownPrice. In a theme without the widget, the element holding the
 * price's text, which they read instead.
 */
export const PRODUCT_PRICE = '.product__price .price__container product-price';

/** The back-in-stock widget, hidden while skeletons show. */
export const BACK_IN_STOCK = '[data-back-in-stock]';

/** The sticky footer that receives a copy of the product form ('pdp cta footer'). */
export const PDP_CTA_FOOTER = '.pdp-cta-footer';

/** The disclaimer under the buy buttons, hidden on narrow screens with the submit buttons. */
export const DISCLAIMER = '.product-form__disclaimer';

// --- Cart drawer -------------------------------------------------------------------------------

/** The cart drawer: Dawn's <cart-drawer>. */
export const CART_DRAWER = 'cart-drawer';

/** The cart drawer's lines, one element per line item. */
export const CART_DRAWER_ITEMS = '#CartDrawer-CartItems .cart-item';

/** The cart drawer footer's total area, where the footer enhancer shows its totals. */
export const CART_DRAWER_TOTALS = 'cart-drawer .drawer__footer .totals';

/** The cart page's total area, the same as the drawer's: the cart totals enhancer works there too. */
export const CART_PAGE_TOTALS = '.cart-page .totals';

/**
 * Every totals area the cart totals enhancer takes over: the drawer footer's, the cart page's, and
 * any a theme adapter marks data-cart-totals (Dawn's).
 */
export const CART_TOTALS_AREAS = `${CART_DRAWER_TOTALS}, ${CART_PAGE_TOTALS}, [data-cart-totals]`;

/**
 * In the totals area, a figure's text: data-cart-value names the figure (originalTotal, discounts,
 * dueNow or dueLater), which the area holds in minor units as a data attribute of its own.
 */
export const CART_TOTALS_VALUE = '[data-cart-value]';

/**
 * In the totals area, a part shown only when (data-cart-when) the cart has discounts, has
 * pre-order lines (preorders) or has none (no-preorders).
 */
export const CART_TOTALS_CONDITION = '[data-cart-when]';

/** In the totals area, the item count, with its texts for one and for other counts in data-one and
 * data-other ('{count} item', '{count} items'). */
export const CART_TOTALS_ITEM_COUNT = '[data-cart-count]';

/**
 * In the totals area, the line with what checkout charges now, in the market currency, shown while
 * the figures are converted: its text in data-text ('Charged at checkout: {amount}'). The theme
 * keeps its room, so that it shows without moving anything.
 */
export const CART_TOTALS_CHARGED = '[data-cart-charged]';

/**
 * An amount outside the totals (a pre-order's payment options and due today, a line's discount):
 * data-money-minor holds it in minor units of data-money-currency, data-money-text the text it
 * stands in ('{amount} due today'), and data-money-converted how a converted amount shows beside
 * the amount charged ('≈ {amount} ({charged})'; for a discount, '≈ −{amount} (−{charged})').
 */
export const MONEY_SLOT = '[data-money-minor]';

/** What the cart totals enhancer writes in: the totals areas and the money slots. */
export const CART_FIGURES = `${CART_TOTALS_AREAS}, ${MONEY_SLOT}`;

/** The cart note area (it holds <cart-note>), in the drawer and on the cart page. */
export const CART_NOTE_AREA = '.cart__note';
