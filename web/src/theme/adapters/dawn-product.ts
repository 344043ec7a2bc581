import { startDawnPreorder } from './dawn-preorder';
import { startDawnProductPrice } from './dawn-product-price';

/**
 * Dawn's product section, in one chunk: its price in knitfront's widget, and a pre-order's selling
 * plan and announcement. Each finds its part of the page or does nothing.
 */
export function startDawnProduct(): void {
  startDawnProductPrice();
  startDawnPreorder();
}
