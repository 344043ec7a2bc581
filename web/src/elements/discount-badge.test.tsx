import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerDiscounts, discountRequests, EUR_RATES, holdAnswers } from '../test/api';
import { mount, setMarket } from '../test/elements';
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
