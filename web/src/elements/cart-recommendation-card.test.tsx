import { fireEvent, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartJSLibrary } from '../api/cart';
import { EVENTS, MESSAGES, RECOMMENDATION_LABELS } from '../constants';
import { STYLES } from '../styles';
import { answerDiscounts, EUR_RATES } from '../test/api';
import { ORIGIN, server } from '../test/server';
import { change, mount, setMarket } from '../test/elements';
import { CartRecommendationCardElement } from './cart-recommendation-card';
import { defineElement } from './define';
import { ProductPriceElement } from './product-price';

defineElement('cart-recommendation-card', CartRecommendationCardElement);
defineElement('product-price', ProductPriceElement);

const ATTRIBUTES = {
  id: '45123456003501',
  title: 'Pebble Beanie',
  featured_image: '/demo-images/pebble-beanie.svg',
  price: '€35,00',
  url: '/products/pebble-beanie',
};
function card(attributes: Record<string, string> = ATTRIBUTES, inside = '') {
  const html = Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return `<cart-recommendation-card ${html}>${inside}</cart-recommendation-card>`;
}
/** The attributes but one. */
const without = (name: keyof typeof ATTRIBUTES) =>
  Object.fromEntries(Object.entries(ATTRIBUTES).filter(([key]) => key !== name));
const element = () => document.querySelector('cart-recommendation-card')!;
const button = (name: string) =>
  [...element().querySelectorAll('button')].find(
    (b) => b.textContent === name || b.getAttribute('aria-label') === name,
  )!;

beforeEach(() => {
  setMarket({
    marketCurrency: 'EUR',
    displayCurrency: 'EUR',
    localization: 'LT',
    rates: { EUR: EUR_RATES },
  });
  answerDiscounts({ [ATTRIBUTES.id]: 5.25 });
});
afterEach(() => {
  delete window.CartJS;
  vi.restoreAllMocks();
});

describe('cart-recommendation-card', () => {
  it('shows the image, the title, the price, the previous arrow, Add to cart and the next arrow', async () => {
    await mount(card(ATTRIBUTES, '<div class="fallback">the theme card</div>'));

    expect(element().querySelector('.fallback')).toBeNull();
    const parts = [...element().querySelectorAll('img, .kf-reco__title, .kf-price, button')].map(
      (part) => part.getAttribute('aria-label') ?? part.className.split(' ')[0] ?? '',
    );
    expect(parts).toEqual([
      '',
      'kf-reco__title',
      'kf-price',
      RECOMMENDATION_LABELS.previous,
      'kf-reco__add',
      RECOMMENDATION_LABELS.next,
    ]);
    expect(element().querySelector('img')?.getAttribute('src')).toBe(ATTRIBUTES.featured_image);
    expect(element().querySelector('.kf-reco__title')?.textContent).toBe('Pebble Beanie');
    expect(button(RECOMMENDATION_LABELS.addToCart)).toBeDefined();
  });

  it('prices the variant as a cart item, with its automatic discount', async () => {
    await mount(card());

    const price = element().querySelector('.kf-price')!;
    expect(price.getAttribute('data-type')).toBe('CartItemPrice');
    await waitFor(() => expect(price.getAttribute('data-state')).toBe('ready'));
    expect(price.textContent).toContain('€30');
  });

  it('takes the image and the title to the product page', async () => {
    await mount(card());

    const links = [...element().querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      ATTRIBUTES.url,
      ATTRIBUTES.url,
    ]);
    expect(links[0]?.contains(element().querySelector('img'))).toBe(true);
    expect(links[1]?.textContent).toBe(ATTRIBUTES.title);
  });

  for (const missing of ['title', 'featured_image', 'price', 'url'] as const) {
    it(`shows nothing without ${missing}`, async () => {
      await mount(card({ ...ATTRIBUTES, [missing]: '' }, '<div class="fallback"></div>'));
      expect(element().innerHTML).toBe('');

      await mount(card(without(missing)));
      expect(element().innerHTML).toBe('');
    });
  }

  it('runs the script text of onPrevious and onNext on the arrows', async () => {
    const steps: string[] = [];
    Object.assign(window, { recommendationStep: (step: string) => steps.push(step) });
    await mount(
      card({
        ...ATTRIBUTES,
        onPrevious: "recommendationStep('previous')",
        onNext: "recommendationStep('next')",
      }),
    );

    fireEvent.click(button(RECOMMENDATION_LABELS.previous));
    fireEvent.click(button(RECOMMENDATION_LABELS.next));
    fireEvent.click(button(RECOMMENDATION_LABELS.next));

    expect(steps).toEqual(['previous', 'next', 'next']);
  });

  it('shows the product the arrows chose', async () => {
    await mount(
      card({
        ...ATTRIBUTES,
        onNext:
          "document.querySelector('cart-recommendation-card').setAttribute('title', 'Fireside Turtleneck')",
      }),
    );

    await change(() => fireEvent.click(button(RECOMMENDATION_LABELS.next)));

    expect(element().querySelector('.kf-reco__title')?.textContent).toBe('Fireside Turtleneck');
  });

  it('adds one unit of the id with CartJS', async () => {
    const addItem = vi.fn();
    window.CartJS = { addItem } as unknown as CartJSLibrary;
    await mount(card());

    fireEvent.click(button(RECOMMENDATION_LABELS.addToCart));

    await waitFor(() => expect(addItem).toHaveBeenCalledExactlyOnceWith(ATTRIBUTES.id, 1));
  });

  it('loads jQuery and CartJS on the first Add to cart, in order, once, and starts CartJS', async () => {
    const addItem = vi.fn();
    const start = vi.fn();
    const loaded = vi.fn();
    document.addEventListener(EVENTS.cartLibraryLoaded, loaded);
    window.knitfrontTheme = { cartLibrary: { scripts: ['/jquery.min.js', '/cart.min.js'], start } };
    const cart = {
      currency: 'EUR',
      items: [],
      item_count: 0,
      original_total_price: 0,
      total_discount: 0,
    };
    server.use(http.get(`${ORIGIN}/cart.js`, () => HttpResponse.json(cart)));
    await mount(card());
    const injected = () =>
      [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

    expect(injected()).toEqual([]);
    fireEvent.click(button(RECOMMENDATION_LABELS.addToCart));
    fireEvent.click(button(RECOMMENDATION_LABELS.addToCart));
    expect(injected()).toEqual(['/jquery.min.js', '/cart.min.js']);
    expect(document.head.querySelectorAll('script')[0]?.async).toBe(false);

    // As the two scripts do when they run: jQuery, then CartJS.
    window.CartJS = { addItem } as unknown as CartJSLibrary;
    document.head.querySelectorAll('script').forEach((script) => fireEvent.load(script));

    await waitFor(() => expect(addItem).toHaveBeenCalledTimes(2));
    expect(addItem).toHaveBeenCalledWith(ATTRIBUTES.id, 1);
    expect(loaded).toHaveBeenCalledOnce();
    expect(start).toHaveBeenCalledExactlyOnceWith(cart);
    expect(loaded.mock.invocationCallOrder[0]).toBeLessThan(start.mock.invocationCallOrder[0]!);
    document.removeEventListener(EVENTS.cartLibraryLoaded, loaded);
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete window.knitfrontTheme;
  });

  it('says when CartJS is not there', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount(card());

    fireEvent.click(button(RECOMMENDATION_LABELS.addToCart));

    await waitFor(() => expect(logged).toHaveBeenCalledExactlyOnceWith(MESSAGES.cartJsMissing));
  });

  it('says when there is no id to add', async () => {
    const addItem = vi.fn();
    window.CartJS = { addItem } as unknown as CartJSLibrary;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount(card(without('id')));

    expect(element().querySelector('.kf-price')?.textContent).toBe('€35,00');
    fireEvent.click(button(RECOMMENDATION_LABELS.addToCart));

    expect(logged).toHaveBeenCalledExactlyOnceWith(MESSAGES.cartItemIdMissing);
    expect(addItem).not.toHaveBeenCalled();
  });

  it('carries spend_goal and already_spent, 1 and 2 by default, and shows nothing of them', async () => {
    await mount(card());
    const shown = element().querySelector<HTMLElement>('.kf-reco')!;
    expect({ ...shown.dataset }).toEqual({ spendGoal: '1', alreadySpent: '2' });

    await mount(card({ ...ATTRIBUTES, SPEND_GOAL: '50', Already_Spent: '20' }));
    const given = element().querySelector<HTMLElement>('.kf-reco')!;
    expect({ ...given.dataset }).toEqual({ spendGoal: '50', alreadySpent: '20' });
    expect(given.textContent).not.toMatch(/50|20/);
  });

  it('is at most 400 px wide with an image of 4/5', () => {
    expect(STYLES).toMatch(/\.kf-reco\{[^}]*max-width:400px/);
    expect(STYLES).toMatch(/\.kf-reco__media img\{[^}]*aspect-ratio:4\/5/);
  });
});
