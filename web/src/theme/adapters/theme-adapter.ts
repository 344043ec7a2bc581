import type { AjaxCart } from '../../api/cart';

/**
 * What an adapter's start may have knitfront's enhancers do, handed over by the bundle's entry.
 * The layers read one way: an adapter describes its theme and the enhancers use it, so an adapter
 * never imports an enhancer (adapters.test.ts holds the rule).
 */
export interface EnhancerServices {
  /**
   * Loads the cart totals enhancer's chunk and gives its writer: it writes a cart's totals in
   * every totals area of the page, in the task it is called in, as the enhancer does after a cart
   * change (the last cart given wins).
   */
  loadCartTotals(): Promise<(cart: AjaxCart) => void>;
}

/**
 * What the product page enhancers need to know of a theme family's markup: the CSS selectors of
 * the parts they work on. One module per family holds them (knitfront.ts, dawn.ts); the widgets
 * never name a theme's markup. A part the family does not have is left out, and the step that
 * works on it has nothing to wait for.
 */
export interface ThemeAdapter {
  /** The family's name, as its pages tell it in window.Shopify.theme.schema_name. */
  name: string;
  /** The product form: the element around the form posting to /cart/add. */
  productForm: string;
  /** The form element inside the product form, the one the sticky footer copies. */
  productFormElement: string;
  /** The buy buttons: the element holding the product form's submit buttons. */
  buyButtons: string;
  /** The Add to cart submit button. */
  addToCartButton: string;
  /** The element around the product page's price, which the theme renders again for a variant. */
  priceContainer: string;
  /** The element of the price container whose price the page shows now. */
  productPrice: string;
  /** The pre-order button, shown instead of Add to cart for a variant open for pre-order. */
  preorderButton?: string;
  /** The selling-plan (payment option) group of a pre-order. */
  sellingPlanGroup?: string;
  /** The options of the selling-plan group: one radio input each. */
  sellingPlanOptions?: string;
  /** The back-in-stock widget, hidden while skeletons show. */
  backInStock?: string;
  /** The sticky footer that receives a copy of the product form ('pdp cta footer'). */
  ctaFooter?: string;
  /**
   * Whether the product form's buy buttons stay on narrow screens, the sticky footer showing only
   * while they are out of view: for a theme whose footer cannot be there before the page first
   * paints, where buttons that gave way then would move everything under them.
   */
  buyButtonsStay?: boolean;
  /** The disclaimer under the buy buttons, hidden on narrow screens with the submit buttons. */
  disclaimer?: string;
  /**
   * Starts what the family needs beside the enhancers (a chunk of its own, loaded only on its
   * pages), such as price widgets in the theme's own price markup.
   */
  start?(services: EnhancerServices): void;
}
