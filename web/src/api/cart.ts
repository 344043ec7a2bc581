import { EVENTS } from '../constants';

/**
 * The parts of Shopify's AJAX cart (GET /cart.js and the answers of /cart/*.js) the widgets read.
 * Money is in minor units (cents) of the cart's currency.
 */
export interface AjaxCart {
  currency: string;
  items: AjaxCartItem[];
  original_total_price: number;
  total_price: number;
  total_discount: number;
  item_count: number;
  note?: string | null;
}

export interface AjaxCartItem {
  quantity: number;
  /** One unit before discounts. */
  original_price: number;
  /** One unit after discounts. */
  final_price: number;
  selling_plan_allocation?: SellingPlanAllocation | null;
}

/**
 * A line's selling plan. Shopify gives checkout_charge_amount (one unit's upfront charge) with some
 * answers and only the plan's checkout_charge with others.
 */
export interface SellingPlanAllocation {
  /** One unit under the plan, before discounts. */
  price: number;
  checkout_charge_amount?: number | null;
  selling_plan?: {
    checkout_charge?: CheckoutCharge | null;
  } | null;
}

/** A plan's upfront charge: a percentage of the price, or a fixed amount in minor units. */
export interface CheckoutCharge {
  value_type: 'percentage' | 'fixed_amount' | string;
  value: number;
}

/** The cart calls of the theme and the widgets, named by path. */
export const CART_PATHS = {
  cart: '/cart.js',
  change: '/cart/change.js',
  update: '/cart/update.js',
} as const;

/**
 * knitfront:cart-updated as the theme and the widgets raise it: the cart as its detail (null when
 * the source has none) and, as cartRequest, the path of the cart call behind it, so that a line's
 * quantity change (/cart/change.js) can be told from an addition.
 */
export type CartUpdatedEvent = CustomEvent<AjaxCart | null> & { cartRequest?: string };

/** Raises knitfront:cart-updated after a cart call of the widgets. */
export function announceCart(cart: AjaxCart, cartRequest: string): void {
  const event: CartUpdatedEvent = new CustomEvent(EVENTS.cartUpdated, { detail: cart });
  event.cartRequest = cartRequest;
  document.dispatchEvent(event);
}

/** POSTs JSON to a cart path and gives the cart it answers; a non-OK answer throws. */
export async function postCart(
  path: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<AjaxCart> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return readCart(path, response);
}

/** GET /cart.js. */
export async function getCart(): Promise<AjaxCart> {
  const response = await fetch(CART_PATHS.cart, { headers: { Accept: 'application/json' } });
  return readCart(CART_PATHS.cart, response);
}

async function readCart(path: string, response: Response): Promise<AjaxCart> {
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  const cart: unknown = await response.json();
  if (!isAjaxCart(cart)) throw new Error(`${path}: not a cart`);
  return cart;
}

/** What the widgets use of CartJS (npm shopify-cartjs), the theme's cart library. */
export interface CartJSLibrary {
  cart: AjaxCart;
  addItem(id: number | string, quantity?: number): unknown;
  updateItem(line: number, quantity: number): unknown;
}

/** What the widgets use of jQuery, which CartJS raises its events with. */
export interface JQueryLibrary {
  (target: Document): {
    on(events: string, handler: (event: unknown, ...args: never[]) => void): unknown;
    off(events: string, handler: (event: unknown, ...args: never[]) => void): unknown;
  };
}

declare global {
  interface Window {
    CartJS?: CartJSLibrary;
    jQuery?: JQueryLibrary;
  }
}

/** Whether a value from outside (an event, a library, an answer) has the cart's shape. */
export function isAjaxCart(value: unknown): value is AjaxCart {
  const cart = value as AjaxCart | null;
  return (
    typeof cart === 'object' &&
    cart !== null &&
    typeof cart.currency === 'string' &&
    Array.isArray(cart.items) &&
    cart.items.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        Number.isInteger(item.quantity) &&
        Number.isFinite(item.final_price),
    ) &&
    [cart.original_total_price, cart.total_discount, cart.item_count].every(Number.isFinite)
  );
}
