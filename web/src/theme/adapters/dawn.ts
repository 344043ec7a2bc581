import { isProductPage } from '../../constants';
import { SELLING_PLAN_GROUP, SELLING_PLAN_OPTIONS } from '../selectors';
import { startDawnCartNote } from './dawn-cart-note';
import { startDawnCountrySelectors } from './dawn-localization';
import type { EnhancerServices, ThemeAdapter } from './theme-adapter';

/** Dawn's product section, <product-info>, whose price wrapper is #price-{section id}. */
const PRICE_WRAPPER = 'product-info [id^="price-"][role="status"]';
/** Dawn's product form, of its buy buttons block. */
const PRODUCT_FORM = 'product-info product-form.product-form';
/**
 * The sticky footer knitfront adds to Dawn's product page, which has none: at the end of the
 * page, fixed at the bottom of a phone's screen by the app extension's stylesheet. Only the
 * product page gets one, where the buy buttons' enhancer runs (a featured product elsewhere
 * keeps its buttons alone).
 */
const CTA_FOOTER_CLASS = 'kf-cta-footer';
/** Dawn's Add to cart, #ProductSubmitButton-{section id}. */
const ADD_TO_CART = 'button[id^="ProductSubmitButton-"].product-form__submit';

/**
 * Starts a part of Dawn's enhancement in a task of its own. The app embed loads the bundle once
 * Dawn's page has loaded and painted, so no part has a first paint to make; run together (their
 * chunks arrive at once) they held a phone's main thread for about 30 ms at a time, where a tap
 * waits, and Lighthouse counts it as blocking time.
 */
function startInTaskOfItsOwn(start: () => void): void {
  setTimeout(start, 0);
}

/**
 * Shopify's reference theme, Dawn (15.4.1 and the themes built on it). Its buy-buttons snippet
 * renders the product form as the knitfront theme does (<product-form>, the form of type
 * add-to-cart-form, .product-form__buttons, #ProductSubmitButton-{section id}); its price snippet
 * shows either the regular price or, on sale, the sale price, the other hidden by its
 * stylesheet. On a variant change Dawn's product-info fetches the section and swaps the price
 * wrapper's HTML and the button's label: the wrapper itself stays, so it is what is watched.
 * The price is the price widget's once start() has placed it in the block, Dawn's text before.
 * Dawn has no pre-order button: for a variant sold with selling plans start() has Dawn's form send
 * the first and announces a pre-order, and Add to cart is the button the enhancer copies to read
 * 'Pre Order for {price}'. Dawn has no sticky footer: start() adds one to the page's end, which
 * the enhancer fills with a copy of the buy buttons; Dawn's own buttons stay on a phone (its page
 * paints before the bundle runs, and buttons giving way then would move everything under them),
 * and the footer shows while they are out of view. Dawn has no selling-plan group: the app's
 * payment options block, where the merchant places it, is the knitfront theme's. Dawn has no
 * back-in-stock widget or disclaimer. Beside the product page, start() makes its country selectors stick and loads the
 * price widgets over its cards' prices and its cart's (lines and totals); what is typed in Dawn's own
 * cart note box is saved after knitfront's delay.
 */
export const dawnTheme: ThemeAdapter = {
  name: 'Dawn',
  productForm: PRODUCT_FORM,
  productFormElement: `${PRODUCT_FORM} form[data-type="add-to-cart-form"]`,
  buyButtons: '.product-form__buttons',
  addToCartButton: ADD_TO_CART,
  preorderButton: `product-info ${ADD_TO_CART}`,
  priceContainer: PRICE_WRAPPER,
  productPrice: [
    `${PRICE_WRAPPER} .price:not(.price--on-sale) .price__regular .price-item--regular`,
    `${PRICE_WRAPPER} product-price`,
    `${PRICE_WRAPPER} .price--on-sale .price__sale .price-item--sale`,
  ].join(','),
  sellingPlanGroup: SELLING_PLAN_GROUP,
  sellingPlanOptions: SELLING_PLAN_OPTIONS,
  ctaFooter: `.${CTA_FOOTER_CLASS}`,
  buyButtonsStay: true,
  start(services: EnhancerServices) {
    if (isProductPage() && document.querySelector(PRODUCT_FORM)) {
      const footer = document.createElement('div');
      footer.className = CTA_FOOTER_CLASS;
      footer.hidden = true;
      document.body.append(footer);
    }
    startInTaskOfItsOwn(startDawnCountrySelectors);
    startInTaskOfItsOwn(startDawnCartNote);
    import('./dawn-product').then(({ startDawnProduct }) => {
      startInTaskOfItsOwn(startDawnProduct);
    }, reportError);
    import('./dawn-cards').then(({ startDawnCards }) => {
      startInTaskOfItsOwn(startDawnCards);
    }, reportError);
    Promise.all([import('./dawn-cart'), services.loadCartTotals()]).then(
      ([{ startDawnCart }, showCartTotals]) => {
        startInTaskOfItsOwn(() => startDawnCart(showCartTotals));
      },
      reportError,
    );
  },
};

/** Dawn's own markup, for a theme built on Dawn under another name: its product section. */
export const DAWN_MARKER = 'product-info';
