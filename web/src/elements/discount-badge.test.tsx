import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Currency } from '../constants';
import { answerDiscounts, discountRequests, EUR_RATES, holdAnswers } from '../test/api';
import { change, mount, setMarket } from '../test/elements';
import '../test/server';
import { defineElement } from './define';
import { DiscountBadgeElement } from './discount-badge';

defineElement('discount-badge', DiscountBadgeElement);

const badge = () => document.querySelector('discount-badge .kf-badge');

beforeEach(() => {
  setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: { EUR: EUR_RATES } });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('discount-badge', () => {
  it("shows '-N% off' from the compared price, looking nothing up", async () => {
    await mount(
      '<discount-badge price="€89,00" compared_at="€105,00" iso_code="LT" variant_id="1"></discount-badge>',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(badge()?.textContent).toBe('-15% off');
    expect(discountRequests()).toHaveLength(0);
  });

  it("shows '-N% off' from the variant's automatic discount, once it is known", async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '45123456003501': 5.25 }, hold);
    await mount(
      '<discount-badge price="€35,00" compared_at="nodiscount" iso_code="LT" variant_id="45123456003501"></discount-badge>',
    );
    await waitFor(() => expect(discountRequests()).toHaveLength(1));
    expect(badge()).toBeNull();

    release();

    await waitFor(() => expect(badge()?.textContent).toBe('-15% off'));
  });

  it.each([
    { name: 'minor units alone', attributes: 'price_minor="8900" compared_at_minor="10500"' },
    {
      name: 'minor units over the money texts',
      attributes:
        'price="€1,00" price_minor="8900" compared_at="nodiscount" compared_at_minor="10500"',
    },
    {
      name: 'a lower compared price swapped',
      attributes: 'price_minor="10500" compared_at_minor="8900"',
    },
  ])("shows '-N% off' from $name, looking nothing up", async ({ attributes }) => {
    await mount(`<discount-badge ${attributes} iso_code="LT" variant_id="1"></discount-badge>`);
    await waitFor(() => expect(badge()?.textContent).toBe('-15% off'));
    expect(discountRequests()).toHaveLength(0);
  });

  it("takes the variant's automatic discount off the price in minor units", async () => {
    answerDiscounts({ '1': 5.25 });
    await mount(
      '<discount-badge price_minor="3500" iso_code="LT" variant_id="1"></discount-badge>',
    );
    await waitFor(() => expect(badge()?.textContent).toBe('-15% off'));
  });

  it('shows nothing at 0%', async () => {
    answerDiscounts({ '1': 0 });
    await mount('<discount-badge price="€35,00" iso_code="LT" variant_id="1"></discount-badge>');
    await waitFor(() => expect(discountRequests()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(document.querySelector('discount-badge')?.innerHTML).toBe('');
  });

  const themes = [
    { theme: 'big', className: 'kf-badge kf-badge--big' },
    { theme: 'small', className: 'kf-badge kf-badge--small' },
    { theme: 'BIG', className: 'kf-badge kf-badge--big' },
    { theme: 'huge', className: 'kf-badge kf-badge--small' },
    { theme: '', className: 'kf-badge kf-badge--small' },
  ];
  for (const { theme, className } of themes) {
    it(`gives the theme ${JSON.stringify(theme)} the look ${className}`, async () => {
      await mount(
        `<discount-badge theme="${theme}" price="€89,00" compared_at="€105,00"></discount-badge>`,
      );

      expect(badge()?.className).toBe(className);
    });
  }
});

/** The shopper's clock in the tests of printed badges. */
const NOW = Date.parse('2026-11-26T12:00:00Z');

/**
 * A badge the theme printed from the metafields (theme/snippets/discount-badge.liquid): €35 less
 * €5.25, 15%, for variant 1 in Lithuania, with the markers given (all of them by default).
 */
const printedBadge = (markers = PRINTED_MARKERS) => `
  <discount-badge class="discount-badge discount-badge--big" price="€35,00" price_minor="3500"
    compared_at="nodiscount" iso_code="LT" variant_id="1" theme="big" ${markers}
  ><span class="badge badge--sale">-15% off</span></discount-badge>`;
const PRINTED_MARKERS =
  'data-final-minor="2975" data-discount-minor="525" data-discount-ends-at="2026-11-30T00:00:00Z"';

/**
 * Mounts the badges with another badge that must look its discount up (variant 2, no markers) and
 * returns the variants of the page's one discount request: the badges' lookups go out together, so
 * a printed badge that looked its discount up would be in it (as a batch of two; one variant alone
 * goes to the single-variant address).
 */
async function lookedUp(html: string): Promise<string[]> {
  await mount(
    `${html}<discount-badge price_minor="4000" iso_code="LT" variant_id="2"></discount-badge>`,
  );
  await waitFor(() => expect(discountRequests()).toHaveLength(1));
  const [request] = discountRequests();
  return (
    request?.searchParams.get('variants')?.split(',') ?? [
      String(request?.pathname.split('/').at(-1)),
    ]
  );
}

describe('discount-badge over a badge the theme printed', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the printed badge as printed from its first render, while lookups run, and looks nothing up', async () => {
    const { hold, release } = holdAnswers();
    answerDiscounts({ '1': 5.25, '2': 0 }, hold);
    const printed = new DOMParser()
      .parseFromString(printedBadge(), 'text/html')
      .querySelector('discount-badge');
    expect(printed?.textContent).toBe('-15% off');

    const variants = await lookedUp(printedBadge());

    expect(badge()?.textContent).toBe(printed?.textContent);
    expect(badge()?.className).toBe('kf-badge kf-badge--big');
    expect(variants).toEqual(['2']);
    release();
  });

  it.each([
    {
      name: 'no automatic discount, as the theme printed it',
      markers: 'data-final-minor="3500"',
      shown: undefined,
    },
    {
      name: 'a discount with no end',
      markers: 'data-final-minor="2975" data-discount-minor="525"',
      shown: '-15% off',
    },
  ])('shows $name without a lookup', async ({ markers, shown }) => {
    answerDiscounts({ '1': 5.25, '2': 0 });
    const variants = await lookedUp(printedBadge(markers));

    expect(badge()?.textContent).toBe(shown);
    expect(variants).toEqual(['2']);
  });

  it.each<{ name: string; markers: string; market: Currency }>([
    {
      name: 'a discount ended by the shopper’s clock',
      markers:
        'data-final-minor="2975" data-discount-minor="525" data-discount-ends-at="2026-11-26T11:59:59Z"',
      market: 'EUR',
    },
    {
      name: 'markers that do not add up to the price (a newer price)',
      markers: 'data-final-minor="2900" data-discount-minor="525"',
      market: 'EUR',
    },
    { name: 'a shopper of another market', markers: PRINTED_MARKERS, market: 'GBP' },
  ])(
    'hides $name until its lookup answers, and then shows the answer',
    async ({ markers, market }) => {
      setMarket({ marketCurrency: market, displayCurrency: market, rates: { EUR: EUR_RATES } });
      const { hold, release } = holdAnswers();
      answerDiscounts({ '1': 3.5 }, hold);
      await mount(printedBadge(markers));
      await waitFor(() => expect(discountRequests()).toHaveLength(1));
      expect(document.querySelector('discount-badge')?.innerHTML).toBe('');

      release();

      await waitFor(() => expect(badge()?.textContent).toBe('-10% off'));
    },
  );

  it("shows another variant's printed badge when the variant changes, looking nothing up", async () => {
    answerDiscounts({ '2': 0 });
    await lookedUp(printedBadge());

    await change(() => {
      const element = document.querySelector('discount-badge');
      element?.setAttribute('variant_id', '3');
      element?.setAttribute('price_minor', '4000');
      element?.setAttribute('data-final-minor', '3000');
      element?.setAttribute('data-discount-minor', '1000');
      element?.removeAttribute('data-discount-ends-at');
    });

    expect(badge()?.textContent).toBe('-25% off');
    expect(discountRequests()).toHaveLength(1);
  });
});
