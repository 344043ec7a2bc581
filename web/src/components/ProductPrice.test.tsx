import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineElement } from '../elements/define';
import { ProductPriceElement } from '../elements/product-price';
import { answerDiscounts, discountRequests, EUR_RATES, holdAnswers } from '../test/api';
import { mount, setMarket } from '../test/elements';
import { ORIGIN, server } from '../test/server';
import { PRINTED_RATES_ID } from './printedPrice';

defineElement('product-price', ProductPriceElement);

const NOW = Date.parse('2026-11-26T12:00:00Z');

/** A price the theme printed from the metafields: €119 less 10%, ending at `endsAt`. */
const printed = (endsAt = '2026-11-30T00:00:00Z') => `
  <product-price price="€119,00" price_minor="11900" compared_at="nodiscount" iso_code="LT"
    variant_id="1" data-final-minor="10710" data-discount-minor="1190"
    data-discount-percentage="10" data-discount-ends-at="${endsAt}"><s>€119</s>
    <span>€107</span><span>-10% off</span></product-price>`;

const shown = () => {
  const element = document.querySelector('product-price');
  return {
    state: element?.querySelector('.kf-price')?.getAttribute('data-state') ?? null,
    text: element?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
  };
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: { EUR: EUR_RATES } });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.getElementById(PRINTED_RATES_ID)?.remove();
});

describe('product-price over a price the theme printed', () => {
  it('shows the printed price with no skeleton while its lookup runs, and keeps it when it agrees', async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 11.9 }, hold);
    await mount(printed());
    await waitFor(() => expect(discountRequests()).toHaveLength(1));

    const whileLooking = shown();
    expect(whileLooking).toEqual({
      state: 'ready',
      text: 'Regular price€119Sale price€107-10% off',
    });
    release();
    await waitFor(() => expect(shown()).toEqual(whileLooking));
    expect(
      (document.querySelector('product-price') as ProductPriceElement).shownPrice,
    ).toMatchObject({ amount: 10710, currency: 'EUR', formatted: '€107' });
  });

  it('sends its lookup, which only confirms the printed price, once the next frame is painted', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    const discountFetches = () =>
      fetches.mock.calls.filter(([input]) => String(input).includes('/api/automatic-discount'));
    answerDiscounts({ '1': 11.9 });
    await mount(printed());

    expect(shown().state).toBe('ready');
    expect(discountFetches()).toHaveLength(0);
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
    expect(discountFetches()).toHaveLength(1);
  });

  it('sends its lookup at once when the price waits for it', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    const { hold } = holdAnswers();
    answerDiscounts({ '1': 0 }, hold);
    await mount(printed('2026-11-26T00:00:00Z'));

    expect(shown().state).toBe('loading');
    expect(
      fetches.mock.calls.filter(([input]) => String(input).includes('/api/automatic-discount')),
    ).toHaveLength(1);
  });

  it('corrects the price in place when the lookup answers otherwise', async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 0 }, hold);
    await mount(printed());
    expect(shown().state).toBe('ready');

    release();
    await waitFor(() => expect(shown()).toEqual({ state: 'ready', text: '€119' }));
  });

  it('keeps the skeleton when the printed discount has ended by the shopper’s clock', async () => {
    vi.setSystemTime(Date.parse('2026-11-30T00:00:01Z'));
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 0 }, hold);
    await mount(printed());

    expect(shown().state).toBe('loading');
    release();
    await waitFor(() => expect(shown()).toEqual({ state: 'ready', text: '€119' }));
  });

  it('converts the printed price at once when the rates are known', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
    const { hold } = holdAnswers();
    answerDiscounts({ '1': 11.9 }, hold);
    await mount(printed());

    expect(shown()).toEqual({ state: 'ready', text: 'Regular price$129Sale price$116-10% off' });
  });
});

/** The rates the theme printed in the head, as snippets/knitfront-first-paint.liquid does. */
function printRates(changes: object = {}) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PRINTED_RATES_ID;
  element.textContent = JSON.stringify({
    currency: 'EUR',
    rates: { ...EUR_RATES, USD: 1.0512 },
    stale_at: null,
    ...changes,
  });
  document.head.append(element);
}

/** Holds the rates request until released, then answers with EUR_RATES (USD 1.08). */
function holdRates() {
  const { hold, release } = holdAnswers();
  server.use(
    http.get(`${ORIGIN}/api/currency-rates/:currency`, async () => {
      await hold;
      return HttpResponse.json(EUR_RATES);
    }),
  );
  return release;
}

describe('product-price over a price the theme printed in another display currency', () => {
  beforeEach(() => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD' });
    answerDiscounts({ '1': 11.9 });
  });

  it('converts with the printed rates while its own request runs, and corrects it in place', async () => {
    printRates();
    const release = holdRates();
    await mount(printed());

    expect(shown()).toEqual({ state: 'ready', text: 'Regular price$125Sale price$113-10% off' });
    release();
    await waitFor(() => expect(shown().text).toBe('Regular price$129Sale price$116-10% off'));
  });

  it('shows the market currency while the printed rates are stale, as the page does', async () => {
    printRates({ stale_at: '2026-11-26T00:00:00Z' });
    const release = holdRates();
    await mount(printed());

    expect(shown()).toEqual({ state: 'ready', text: 'Regular price€119Sale price€107-10% off' });
    release();
    await waitFor(() => expect(shown().text).toBe('Regular price$129Sale price$116-10% off'));
  });

  it('keeps the skeleton until its rates arrive when the page printed none', async () => {
    const release = holdRates();
    await mount(printed());

    expect(shown().state).toBe('loading');
    release();
    await waitFor(() => expect(shown().text).toBe('Regular price$129Sale price$116-10% off'));
  });
});

describe('product-price over a price printed with no markers', () => {
  it('keeps the skeleton while its lookup runs', async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 11.9 }, hold);
    await mount(
      `<product-price price="€119,00" price_minor="11900" iso_code="LT" variant_id="1"></product-price>`,
    );

    expect(shown().state).toBe('loading');
    release();
    await waitFor(() => expect(shown().state).toBe('ready'));
  });
});
