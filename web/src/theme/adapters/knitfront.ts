import {
  ADD_TO_CART_BUTTON,
  BACK_IN_STOCK,
  BUY_BUTTONS,
  DISCLAIMER,
  PDP_CTA_FOOTER,
  PREORDER_BUTTON,
  PRICE_CONTAINER,
  PRODUCT_FORM,
  PRODUCT_FORM_ELEMENT,
  PRODUCT_PRICE,
  SELLING_PLAN_GROUP,
  SELLING_PLAN_OPTIONS,
} from '../selectors';
import type { ThemeAdapter } from './theme-adapter';

/**
 * The knitfront theme (theme/): its selectors module, which the browser smoke test checks against
 * the rendered pages, holds every part, the sticky footer and the pre-order button included.
 */
export const knitfrontTheme: ThemeAdapter = {
  name: 'Knitfront',
  productForm: PRODUCT_FORM,
  productFormElement: PRODUCT_FORM_ELEMENT,
  buyButtons: BUY_BUTTONS,
  addToCartButton: ADD_TO_CART_BUTTON,
  priceContainer: PRICE_CONTAINER,
  productPrice: PRODUCT_PRICE,
  preorderButton: PREORDER_BUTTON,
  sellingPlanGroup: SELLING_PLAN_GROUP,
  sellingPlanOptions: SELLING_PLAN_OPTIONS,
  backInStock: BACK_IN_STOCK,
  ctaFooter: PDP_CTA_FOOTER,
  disclaimer: DISCLAIMER,
};
