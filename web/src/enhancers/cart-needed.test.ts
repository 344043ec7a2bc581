import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENTS } from '../constants';
import { whenCartNeeded } from './cart-needed';

const PRODUCT_FORM = `<form action="/cart/add" method="post"><input name="id" value="1">
  <button type="submit">Add to cart</button></form><a href="/collections/all">Shop all</a>`;

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

/** Waits for the mutation observers' records of what the test just changed. */
const observed = () => new Promise((resolve) => setTimeout(resolve));

describe('the cart enhancers are needed', () => {
  it.each([
    {
      case: "the drawer's totals",
      html: '<cart-drawer><div class="drawer__footer"><div class="totals"></div></div></cart-drawer>',
    },
    {
      case: "the cart page's totals",
      html: '<div class="cart-page"><div class="totals"></div></div>',
    },
    {
      case: "a pre-order's due today",
      html: '<span data-money-minor="1350">€13.50 due today</span>',
    },
  ])('at once on a page showing $case', ({ html }) => {
    document.body.innerHTML = html;
    const start = vi.fn();

    stop = whenCartNeeded(start);

    expect(start).toHaveBeenCalledOnce();
  });

  it.each([
    {
      case: 'the theme renders the drawer with its first item',
      act: () =>
        document.body.insertAdjacentHTML(
          'beforeend',
          '<div class="cart-page"><div class="totals"></div></div>',
        ),
    },
    {
      case: "a theme adapter marks the theme's totals",
      act: () => document.querySelector('a')!.setAttribute('data-cart-totals', ''),
    },
    {
      case: 'the shopper presses a button of a form that adds to the cart',
      act: () =>
        document
          .querySelector('button')!
          .dispatchEvent(new Event('pointerdown', { bubbles: true })),
    },
    {
      case: 'a key goes to such a form',
      act: () =>
        document.querySelector('input')!.dispatchEvent(new Event('keydown', { bubbles: true })),
    },
    {
      case: 'such a form is submitted',
      act: () =>
        document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true })),
    },
    {
      case: 'a cart request completes',
      act: () => document.dispatchEvent(new CustomEvent(EVENTS.cartUpdated)),
    },
    {
      case: 'the cart library loads',
      act: () => document.dispatchEvent(new CustomEvent(EVENTS.cartLibraryLoaded)),
    },
  ])('once, when $case', async ({ act }) => {
    document.body.innerHTML = PRODUCT_FORM;
    const start = vi.fn();
    stop = whenCartNeeded(start);
    await observed();
    expect(start).not.toHaveBeenCalled();

    act();
    await observed();
    act();
    document.dispatchEvent(new CustomEvent(EVENTS.cartUpdated));
    await observed();

    expect(start).toHaveBeenCalledOnce();
  });

  it('not for a press outside a form that adds to the cart', async () => {
    document.body.innerHTML = PRODUCT_FORM;
    const start = vi.fn();
    stop = whenCartNeeded(start);

    document.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await observed();

    expect(start).not.toHaveBeenCalled();
  });

  it('no longer once stopped', async () => {
    document.body.innerHTML = PRODUCT_FORM;
    const start = vi.fn();
    whenCartNeeded(start)();

    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true }));
    document.body.insertAdjacentHTML('beforeend', '<span data-money-minor="1350"></span>');
    await observed();

    expect(start).not.toHaveBeenCalled();
  });
});
