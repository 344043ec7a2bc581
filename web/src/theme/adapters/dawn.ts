import { startDawnCartNote } from './dawn-cart-note';
import { startDawnCountrySelectors } from './dawn-localization';
import type { ThemeAdapter } from './theme-adapter';

/** Dawn's product section, <product-info>, whose price wrapper is #price-{section id}. */
const PRICE_WRAPPER = 'product-info [id^="price-"][role="status"]';
/** Dawn's Add to cart, #ProductSubmitButton-{section id}. */
const ADD_TO_CART = 'button[id^="ProductSubmitButton-"].product-form__submit';

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
 * 'Pre Order for {price}'. Dawn has no sticky footer, selling-plan group, back-in-stock widget or
 * disclaimer. Beside the product page, start() makes its country selectors stick and loads the
 * price widgets over its cards' prices and its cart's (lines and totals); what is typed in Dawn's own
 * cart note box is saved after knitfront's delay.
 */
export const dawnTheme: ThemeAdapter = {
  name: 'Dawn',
  productForm: 'product-info product-form.product-form',
  productFormElement: 'product-info product-form.product-form form[data-type="add-to-cart-form"]',
  buyButtons: '.product-form__buttons',
  addToCartButton: ADD_TO_CART,
  preorderButton: `product-info ${ADD_TO_CART}`,
  priceContainer: PRICE_WRAPPER,
  productPrice: [
    `${PRICE_WRAPPER} .price:not(.price--on-sale) .price__regular .price-item--regular`,
    `${PRICE_WRAPPER} product-price`,
    `${PRICE_WRAPPER} .price--on-sale .price__sale .price-item--sale`,
  ].join(','),
  start() {
    startDawnCountrySelectors();
    startDawnCartNote();
    import('./dawn-product').then(({ startDawnProduct }) => {
      startDawnProduct();
    }, reportError);
    import('./dawn-cards').then(({ startDawnCards }) => {
      startDawnCards();
    }, reportError);
    import('./dawn-cart').then(({ startDawnCart }) => {
      startDawnCart();
    }, reportError);
  },
};

/** Dawn's own markup, for a theme built on Dawn under another name: its product section. */
export const DAWN_MARKER = 'product-info';
