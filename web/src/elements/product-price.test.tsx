import { render, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductPrice } from '../components/ProductPrice';
import { EVENTS, MESSAGES, PRICE_PLACEHOLDER, PRICE_TYPES } from '../constants';
import { marketStore } from '../market/store';
import { answerDiscounts, discountRequests, EUR_RATES, holdAnswers } from '../test/api';
import { change, mount, setMarket } from '../test/elements';
import { ORIGIN, server } from '../test/server';
import { defineElement } from './define';
import { ProductPriceElement } from './product-price';

defineElement('product-price', ProductPriceElement);

const priceOf = (element: Element | null | undefined) => ({
  state: element?.querySelector('.kf-price')?.getAttribute('data-state') ?? null,
  current: element?.querySelector('.kf-price__current')?.textContent ?? null,
  compared: element?.querySelector('.kf-price__compared')?.textContent ?? null,
  badge: element?.querySelector('.kf-badge')?.textContent ?? null,
});
const first = () => document.querySelector('product-price');
const all = () => [...document.querySelectorAll('product-price')];

beforeEach(() => {
  setMarket({
    marketCurrency: 'EUR',
    displayCurrency: 'EUR',
    localization: 'LT',
    rates: { EUR: EUR_RATES },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('product-price attributes', () => {
  it('reads the spec attributes in any letter case', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: {} });
    await mount(`<product-price PRICE="$149.00" Compared_At="$199.00" ISO_CODE="US"
      variant_id="1" TYPE="CollectionItemPrice" dev_currency="USD" DEV_MARKET="US"></product-price>`);

    expect(priceOf(first())).toEqual({
      state: 'ready',
      current: '$149',
      compared: '$199',
      badge: '-25% off',
    });
    expect(first()?.querySelector('.kf-price')?.getAttribute('data-type')).toBe(
      'CollectionItemPrice',
    );
  });

  it('holds the price while isPriceReady is "false", in any letter case', async () => {
    answerDiscounts({ '1': 0 });
    await mount(`<product-price price="€89,00" compared_at="nodiscount" iso_code="LT" variant_id="1"
      ISPRICEREADY="False"></product-price>`);
    expect(priceOf(first()).state).toBe('loading');

    await change(() => first()?.setAttribute('isPriceReady', 'true'));
    await waitFor(() => expect(priceOf(first()).state).toBe('ready'));
  });

  it('replaces the theme fallback inside it', async () => {
    await mount(`<product-price price="€89,00" compared_at="€89,00" iso_code="LT" variant_id="1">
      <span class="theme-price">€89,00</span></product-price>`);

    expect(first()?.querySelector('.theme-price')).toBeNull();
    expect(first()?.textContent).toBe('€89');
  });

  it('re-renders when an attribute changes', async () => {
    answerDiscounts({ '1': 0 });
    await mount(
      `<product-price price="€89,00" compared_at="" iso_code="LT" variant_id="1"></product-price>`,
    );
    await waitFor(() => expect(priceOf(first()).current).toBe('€89'));

    await change(() => first()?.setAttribute('compared_at', '€99,00'));

    expect(priceOf(first())).toMatchObject({ current: '€89', compared: '€99', badge: '-10% off' });
  });
});

describe('product-price errors', () => {
  const cases = [
    { name: 'no market', attributes: 'variant_id="1"', message: MESSAGES.marketRequired },
    { name: 'no variant or product id', attributes: 'iso_code="LT"', message: MESSAGES.idRequired },
  ];
  for (const { name, attributes, message } of cases) {
    it(`throws '${message}' for ${name}, keeping the theme fallback`, async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});

      await mount(`<product-price price="€89,00" ${attributes}>€89,00</product-price>`);

      expect(log).toHaveBeenCalledWith(expect.objectContaining({ message }));
      expect(first()?.textContent).toBe('€89,00');
    });

    it(`throws '${message}' for ${name} when rendered by React`, () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const props = Object.fromEntries(
        [...attributes.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
      );

      expect(() => render(<ProductPrice price="€89,00" {...props} />)).toThrow(message);
    });
  }

  it('takes DEV_market for the market, over iso_code', async () => {
    server.use(
      http.get(`${ORIGIN}/api/automatic-discount/product/LT/5`, () =>
        HttpResponse.json({ amount: 9 }),
      ),
    );
    await mount(
      `<product-price price="€89,00" compared_at="nodiscount" iso_code="US" DEV_market="LT" product_id="5"></product-price>`,
    );

    await waitFor(() => expect(priceOf(first()).current).toBe('€80'));
  });
});

describe('product-price readiness', () => {
  it('shows a skeleton while the market currency is unknown', async () => {
    setMarket({ marketCurrency: null, displayCurrency: null });
    await mount(
      `<product-price price="€89,00" compared_at="€99,00" iso_code="LT" variant_id="1"></product-price>`,
    );

    expect(priceOf(first()).state).toBe('loading');
    expect(first()?.querySelector('.kf-skeleton')).not.toBeNull();

    await change(() => marketStore.setState({ marketCurrency: 'EUR', displayCurrency: 'EUR' }));
    expect(priceOf(first()).state).toBe('ready');
  });

  it(`shows a skeleton while the price is the placeholder '${PRICE_PLACEHOLDER}', and looks nothing up`, async () => {
    await mount(
      `<product-price price="${PRICE_PLACEHOLDER}" iso_code="LT" variant_id="1"></product-price>`,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(priceOf(first()).state).toBe('loading');
    expect(discountRequests()).toHaveLength(0);
  });

  it('shows a skeleton while the discount lookup is in progress', async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 9 }, hold);
    await mount(`<product-price price="€89,00" iso_code="LT" variant_id="1"></product-price>`);
    await waitFor(() => expect(discountRequests()).toHaveLength(1));

    expect(priceOf(first()).state).toBe('loading');
    release();
    await waitFor(() => expect(priceOf(first())).toMatchObject({ state: 'ready', current: '€80' }));
  });

  it('shows a skeleton while the rates to convert with are on their way', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: {} });
    const { hold, release } = holdAnswers();
    server.use(
      http.get(`${ORIGIN}/api/currency-rates/EUR`, async () => {
        await hold;
        return HttpResponse.json(EUR_RATES);
      }),
    );
    answerDiscounts({ '1': 0 });
    await mount(
      `<product-price price="€89,00" compared_at="nodiscount" iso_code="LT" variant_id="1"></product-price>`,
    );
    await waitFor(() => expect(discountRequests()).toHaveLength(1));

    expect(priceOf(first()).state).toBe('loading');
    release();
    await waitFor(() => expect(priceOf(first()).current).toBe('$96'));
  });

  it('shows the market currency when the rates failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: {} });
    server.use(http.get(`${ORIGIN}/api/currency-rates/EUR`, () => HttpResponse.error()));
    await mount(
      `<product-price price="€89,00" compared_at="€99,00" iso_code="LT" variant_id="1"></product-price>`,
    );

    await waitFor(() => expect(priceOf(first())).toMatchObject({ state: 'ready', current: '€89' }));
  });

  it('marks a converted price as its approximate text says, and only a converted one', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
    answerDiscounts({ '1': 0 });
    await mount(`<product-price price_minor="8900" iso_code="LT" variant_id="1"
      type="CartItemPrice" approximate="≈ {amount}"></product-price>`);
    // €89 × 1.08 = $96.12
    await waitFor(() => expect(priceOf(first()).current).toBe('≈ $96'));
    expect((first() as ProductPriceElement).shownPrice?.formatted).toBe('$96');

    await change(() => marketStore.getState().setDisplayCurrency('EUR'));
    expect(priceOf(first()).current).toBe('€89');
  });

  it('renders nothing without a price', async () => {
    await mount(`<product-price price="" iso_code="LT" variant_id="1"></product-price>`);
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(first()?.innerHTML).toBe('');
    expect(discountRequests()).toHaveLength(0);
  });
});

describe('product-price discounts', () => {
  it('shows the struck original, the discounted price and the badge', async () => {
    answerDiscounts({ '45123456003501': 5.25 });
    await mount(`<product-price price="€35,00" compared_at="nodiscount" iso_code="LT"
      variant_id="45123456003501"></product-price>`);

    await waitFor(() =>
      expect(priceOf(first())).toEqual({
        state: 'ready',
        current: '€30',
        compared: '€35',
        badge: '-15% off',
      }),
    );
    expect(first()?.querySelector('s.kf-price__compared')).not.toBeNull();
  });

  it('looks nothing up when there is a compared price, and applies the compared-price rules', async () => {
    await mount(`
      <product-price price="€89,00" compared_at="€99,00" iso_code="LT" variant_id="1"></product-price>
      <product-price price="€99,00" compared_at="€89,00" iso_code="LT" variant_id="2"></product-price>
      <product-price price="€89,00" compared_at="€89,00" iso_code="LT" variant_id="3"></product-price>`);
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(all().map(priceOf)).toEqual([
      { state: 'ready', current: '€89', compared: '€99', badge: '-10% off' },
      { state: 'ready', current: '€89', compared: '€99', badge: '-10% off' },
      { state: 'ready', current: '€89', compared: null, badge: null },
    ]);
    expect(discountRequests()).toHaveLength(0);
  });

  it('looks a product up when there is no variant', async () => {
    server.use(
      http.get(`${ORIGIN}/api/automatic-discount/product/GB/8123456000002`, () =>
        HttpResponse.json({ amount: 10 }),
      ),
    );
    setMarket({ marketCurrency: 'GBP', displayCurrency: 'GBP', rates: {} });
    await mount(
      `<product-price price="£79.00" iso_code="GB" product_id="8123456000002"></product-price>`,
    );

    await waitFor(() =>
      expect(priceOf(first())).toMatchObject({
        current: '£69',
        compared: '£79',
        badge: '-13% off',
      }),
    );
  });

  it('shows the price undiscounted when the lookup fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(`${ORIGIN}/api/automatic-discounts`, () => HttpResponse.json({}, { status: 500 })),
      http.get(`${ORIGIN}/api/automatic-discount/:market/:id`, () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    await mount(`
      <product-price price="€89,00" iso_code="LT" variant_id="1"></product-price>
      <product-price price="€35,00" iso_code="LT" variant_id="2"></product-price>`);

    await waitFor(() =>
      expect(all().map(priceOf)).toEqual([
        { state: 'ready', current: '€89', compared: null, badge: null },
        { state: 'ready', current: '€35', compared: null, badge: null },
      ]),
    );
  });

  it("shows the new variant's discount when the variant changes, never the stale one", async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 50, '2': 10 }, hold);
    await mount(`<product-price price="€100,00" iso_code="LT" variant_id="1"></product-price>`);
    await waitFor(() => expect(discountRequests()).toHaveLength(1));

    await change(() => first()?.setAttribute('variant_id', '2'));
    await waitFor(() => expect(discountRequests()).toHaveLength(2));
    expect(priceOf(first()).state).toBe('loading');
    release();

    await waitFor(() =>
      expect(priceOf(first())).toMatchObject({ current: '€90', badge: '-10% off' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(priceOf(first()).current).toBe('€90');
  });

  it('looks up only the last variant when the variant changes in the tick it arrived', async () => {
    answerDiscounts({ '1': 50, '2': 10 });
    await change(() => {
      document.body.innerHTML = `<product-price price="€100,00" iso_code="LT" variant_id="1"></product-price>`;
      first()?.setAttribute('variant_id', '2');
    });

    await waitFor(() => expect(priceOf(first()).current).toBe('€90'));
    expect(discountRequests().map((url) => url.pathname)).toEqual(['/api/automatic-discount/LT/2']);
  });

  it('aborts a lookup in flight that a change made stale', async () => {
    const received: Request[] = [];
    server.use(
      http.get(`${ORIGIN}/api/automatic-discount/LT/:id`, async ({ request }) => {
        received.push(request);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ amount: 50 });
      }),
    );
    await mount(`<product-price price="€100,00" iso_code="LT" variant_id="1"></product-price>`);
    await waitFor(() => expect(received).toHaveLength(1));

    await change(() => first()?.setAttribute('compared_at', '€120,00'));
    await waitFor(() => expect(received[0]?.signal.aborted).toBe(true));

    expect(priceOf(first())).toMatchObject({
      current: '€100',
      compared: '€120',
      badge: '-17% off',
    });
  });

  const staleMakers = [
    { name: 'removal', makeStale: () => first()?.remove() },
    { name: 'a change of product', makeStale: () => first()?.setAttribute('product_id', '6') },
  ];
  for (const { name, makeStale } of staleMakers) {
    it(`cancels the request of a lookup that ${name} made stale`, async () => {
      const received: Request[] = [];
      server.use(
        http.get(`${ORIGIN}/api/automatic-discount/product/LT/:id`, async ({ request }) => {
          received.push(request);
          await new Promise((resolve) => setTimeout(resolve, 200));
          return HttpResponse.json({ amount: 1 });
        }),
      );
      await mount(`<product-price price="€89,00" iso_code="LT" product_id="5"></product-price>`);
      await waitFor(() => expect(received).toHaveLength(1));

      await change(makeStale);

      await waitFor(() => expect(received[0]?.signal.aborted).toBe(true));
    });
  }

  it('looks nothing up for an element removed in the tick it arrived', async () => {
    await change(() => {
      document.body.innerHTML = `<product-price price="€100,00" iso_code="LT" variant_id="1"></product-price>`;
      first()?.remove();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(discountRequests()).toHaveLength(0);
  });

  it('keeps its price when moved within the page, looking nothing up again', async () => {
    answerDiscounts({ '1': 10 });
    await mount(
      `<div id="a"><product-price price="€100,00" iso_code="LT" variant_id="1"></product-price></div><div id="b"></div>`,
    );
    await waitFor(() => expect(priceOf(first()).current).toBe('€90'));

    await change(() => document.getElementById('b')?.append(first()!));

    expect(priceOf(document.querySelector('#b product-price')).current).toBe('€90');
    expect(discountRequests()).toHaveLength(1);
  });
});

describe('product-price on a collection page', () => {
  it('makes one discount request for 48 cards and prices every one', async () => {
    const ids = Array.from({ length: 48 }, (_, i) => String(45123456000101 + i));
    answerDiscounts(Object.fromEntries(ids.map((id, i) => [id, i % 2 ? 0 : 10])));

    await mount(
      ids
        .map(
          (id) =>
            `<product-price type="CollectionItemPrice" price="€100,00" compared_at="nodiscount" iso_code="LT" variant_id="${id}">€100,00</product-price>`,
        )
        .join(''),
    );

    await waitFor(() =>
      expect(all().every((element) => priceOf(element).state === 'ready')).toBe(true),
    );
    expect(discountRequests()).toHaveLength(1);
    expect(discountRequests()[0]?.searchParams.get('variants')?.split(',')).toEqual(ids);
    expect(all().map((element) => priceOf(element).current)).toEqual(
      ids.map((_, i) => (i % 2 ? '€100' : '€90')),
    );
  });
});

describe('product-price currency', () => {
  it('re-prices every placement at once when the display currency changes', async () => {
    answerDiscounts({ '1': 10 });
    await mount(
      PRICE_TYPES.map(
        (type) =>
          `<product-price type="${type}" price="€100,00" iso_code="LT" variant_id="1"></product-price>`,
      ).join(''),
    );
    await waitFor(() =>
      expect(all().map((element) => priceOf(element).current)).toEqual(
        PRICE_TYPES.map(() => '€90'),
      ),
    );

    await change(() => marketStore.getState().setDisplayCurrency('AUD'));

    expect(all().map(priceOf)).toEqual(
      PRICE_TYPES.map(() => ({
        state: 'ready',
        current: '$149',
        compared: '$165',
        badge: '-10% off',
      })),
    );
  });

  it('is not rendered again when rates arrive for a price it does not convert', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: {} });
    const renders = vi.fn();
    render(
      <Profiler id="price" onRender={renders}>
        <ProductPrice price="€89,00" compared_at="€99,00" iso_code="LT" variant_id="1" />
      </Profiler>,
    );
    expect(renders).toHaveBeenCalledTimes(1);

    // On a page of 48 cards the rates (fetched ahead of a currency switch) arrive about when the
    // discounts do: rendering every price again then would only delay the prices.
    await change(() => marketStore.setState({ rates: { EUR: EUR_RATES } }));

    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('reads the price in DEV_currency when given', async () => {
    setMarket({
      marketCurrency: 'EUR',
      displayCurrency: 'EUR',
      rates: { USD: { EUR: 0.93, USD: 1 } },
    });
    answerDiscounts({ '1': 0 });
    await mount(`<product-price price="$100.00" compared_at="nodiscount" iso_code="US" variant_id="1"
      DEV_currency="USD"></product-price>`);

    await waitFor(() => expect(priceOf(first()).current).toBe('€93'));
  });
});

describe('product-price placements', () => {
  const looks = [
    { type: 'CartItemPrice', className: 'kf-price--cart-item', badge: 'kf-badge--small' },
    { type: 'CartTotalPrice', className: 'kf-price--cart-total', badge: 'kf-badge--small' },
    { type: 'CollectionItemPrice', className: 'kf-price--collection', badge: 'kf-badge--small' },
    { type: 'ProductDetailsPagePrice', className: 'kf-price--pdp', badge: 'kf-badge--big' },
    { type: 'SearchCardPrice', className: 'kf-price--cart-item', badge: 'kf-badge--small' },
    { type: 'nonsense', className: 'kf-price--pdp', badge: 'kf-badge--big' },
    { type: '', className: 'kf-price--pdp', badge: 'kf-badge--big' },
  ];
  for (const { type, className, badge } of looks) {
    it(`gives ${type || 'no type'} the look ${className}, loading and ready alike`, async () => {
      setMarket({ marketCurrency: null });
      await mount(
        `<product-price type="${type}" price="€100,00" compared_at="€120,00" iso_code="LT" variant_id="1"></product-price>`,
      );
      expect(first()?.querySelector('.kf-price')?.className).toBe(`kf-price ${className}`);

      await change(() => marketStore.setState({ marketCurrency: 'EUR', displayCurrency: 'EUR' }));
      expect(first()?.querySelector('.kf-price')?.className).toBe(`kf-price ${className}`);
      expect(first()?.querySelector('.kf-badge')?.classList.contains(badge)).toBe(true);
    });
  }
});

describe('product-price amounts in minor units', () => {
  it.each([
    {
      name: 'price_minor wins over the money text',
      attributes: 'price="€1,00" price_minor="8950" compared_at="nodiscount"',
      want: { current: '€90', compared: null, badge: null },
    },
    {
      name: 'compared_at_minor beside nodiscount',
      attributes:
        'price="€89,00" price_minor="8900" compared_at="nodiscount" compared_at_minor="9900"',
      want: { current: '€89', compared: '€99', badge: '-10% off' },
    },
    {
      name: 'a compared price equal to the price is dropped',
      attributes: 'price_minor="8900" compared_at_minor="8900"',
      want: { current: '€89', compared: null, badge: null },
    },
    {
      name: 'a lower compared price is swapped',
      attributes: 'price_minor="9900" compared_at_minor="8900"',
      want: { current: '€89', compared: '€99', badge: '-10% off' },
    },
    {
      name: 'the money text when price_minor is not a number',
      attributes: 'price="€89,00" price_minor="soon" compared_at="€99,00"',
      want: { current: '€89', compared: '€99', badge: '-10% off' },
    },
  ])('$name', async ({ attributes, want }) => {
    answerDiscounts({ '1': 0 });
    await mount(`<product-price ${attributes} iso_code="LT" variant_id="1"></product-price>`);
    await waitFor(() => expect(priceOf(first())).toEqual({ state: 'ready', ...want }));
  });

  it('takes the automatic discount off in cents and converts once, rounding half up', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'AUD', rates: { EUR: EUR_RATES } });
    // €12.50 less €2.50 is €10.00, A$16.50 at 1.65: A$17.
    answerDiscounts({ '1': 2.5 });
    await mount(`<product-price price_minor="1250" iso_code="LT" variant_id="1"></product-price>`);
    await waitFor(() =>
      expect(priceOf(first())).toMatchObject({ state: 'ready', current: '$17', badge: '-20% off' }),
    );
  });

  it('shows a skeleton while price_minor is the placeholder', async () => {
    await mount(
      `<product-price price_minor="${PRICE_PLACEHOLDER}" iso_code="LT" variant_id="1"></product-price>`,
    );
    expect(priceOf(first()).state).toBe('loading');
  });
});

describe('product-price tells the page what it shows', () => {
  const shownPrice = (element: Element | null) =>
    (element as ProductPriceElement | null)?.shownPrice ?? null;

  it('dispatches knitfront:price-shown, bubbling, and exposes shownPrice, each time it changes', async () => {
    answerDiscounts({ '1': 0, '2': 0 });
    const events: [EventTarget | null, unknown][] = [];
    const listener = (event: CustomEvent) => events.push([event.target, event.detail]);
    document.addEventListener(EVENTS.priceShown, listener);
    try {
      await mount(`<product-price price_minor="8900" compared_at="nodiscount" iso_code="LT"
        variant_id="1"></product-price>`);
      const element = first();
      const eur = { amount: 8900, currency: 'EUR', formatted: '€89', variantId: '1' };
      await waitFor(() => expect(shownPrice(element)).toEqual(eur));
      expect(events).toEqual([[element, eur]]);

      // Rendered again in another placement, with the same price: nothing to tell.
      await change(() => element?.setAttribute('type', 'CollectionItemPrice'));
      expect(element?.querySelector('.kf-price')?.getAttribute('data-type')).toBe(
        'CollectionItemPrice',
      );
      expect(events).toHaveLength(1);

      await change(() => marketStore.getState().setDisplayCurrency('AUD'));
      const aud = { amount: 14700, currency: 'AUD', formatted: '$147', variantId: '1' };
      expect(shownPrice(element)).toEqual(aud);

      await change(() => {
        element?.setAttribute('variant_id', '2');
        element?.setAttribute('price_minor', '3500');
      });
      const other = { amount: 5800, currency: 'AUD', formatted: '$58', variantId: '2' };
      await waitFor(() => expect(shownPrice(element)).toEqual(other));
      expect(events.map(([, detail]) => detail)).toEqual([eur, aud, other]);
    } finally {
      document.removeEventListener(EVENTS.priceShown, listener);
    }
  });

  it('has no shownPrice while it shows a skeleton', async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 0 }, hold);
    await mount(`<product-price price_minor="8900" iso_code="LT" variant_id="1"></product-price>`);
    expect(priceOf(first()).state).toBe('loading');
    expect(shownPrice(first())).toBeNull();
    release();
    await waitFor(() => expect(shownPrice(first())?.formatted).toBe('€89'));
  });
});
