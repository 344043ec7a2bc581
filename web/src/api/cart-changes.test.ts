import jQuery from 'jquery';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AjaxCart, JQueryLibrary } from './cart';
import { EVENTS } from '../constants';
import { onCartChange } from './cart-changes';

const cart: AjaxCart = {
  currency: 'EUR',
  items: [],
  item_count: 0,
  original_total_price: 0,
  total_price: 0,
  total_discount: 0,
};

let stop = () => {};
afterEach(() => {
  stop();
  delete window.jQuery;
});

describe('onCartChange', () => {
  it("hears CartJS's events once jQuery and CartJS, loaded on demand, have run", () => {
    const listener = vi.fn();
    stop = onCartChange(listener);

    window.jQuery = jQuery as unknown as JQueryLibrary;
    document.dispatchEvent(new Event(EVENTS.cartLibraryLoaded));
    jQuery(document).trigger('ajaxSend', [{}, { url: '/cart/add.js' }]);
    jQuery(document).trigger('cart.requestComplete', [cart]);

    expect(listener).toHaveBeenCalledExactlyOnceWith({ cart, request: '/cart/add.js' });
  });

  it('stops listening for the library when stopped before it loads', () => {
    const listener = vi.fn();
    onCartChange(listener)();

    window.jQuery = jQuery as unknown as JQueryLibrary;
    document.dispatchEvent(new Event(EVENTS.cartLibraryLoaded));
    jQuery(document).trigger('cart.requestComplete', [cart]);

    expect(listener).not.toHaveBeenCalled();
  });
});
