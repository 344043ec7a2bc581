import jQuery from 'jquery';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceCart, type AjaxCart, type JQueryLibrary } from '../api/cart';
import { EVENTS } from '../constants';
import { marketStore } from '../market/store';
import type { CartTotals } from '../pricing/cart-totals';
import { EUR_RATES, holdAnswers } from '../test/api';
import { setMarket } from '../test/elements';
import { ORIGIN, server } from '../test/server';
import { refreshCartTotals, startCartDrawerTotals } from './cart-drawer-totals';

/** The drawer footer's totals area as theme/snippets/cart-totals.liquid renders it. */
function drawer(totals: CartTotals): string {
  const money = (cents: number) => `€${(cents / 100).toFixed(2).replace('.', ',')}`;
  const hidden = (shown: boolean) => (shown ? '' : ' hidden');
  return `<cart-drawer><div class="drawer__footer">
    <div class="totals" data-currency="${totals.currency}" data-original-total="${totals.originalTotal}"
      data-discounts="${totals.discounts}" data-due-now="${totals.dueNow}"
      data-due-later="${totals.dueLater}" data-item-count="${totals.itemCount}"
      data-approximate="≈ {amount}">
      <div class="original" data-cart-when="discounts"${hidden(totals.discounts > 0)}>Original total
        <span data-cart-value="originalTotal">${money(totals.originalTotal)}</span></div>
      <div class="discounts" data-cart-when="discounts"${hidden(totals.discounts > 0)}>Discounts
        <span data-cart-value="discounts">−${money(totals.discounts)}</span></div>
      <h2><span class="estimated" data-cart-when="no-preorders"${hidden(totals.dueLater === 0)}>Estimated total</span>
        <span class="today" data-cart-when="preorders"${hidden(totals.dueLater > 0)}>Due today</span></h2>
      <span data-cart-value="dueNow">${money(totals.dueNow)}</span>
      <p data-cart-charged data-text="Charged at checkout: {amount}" style="visibility: hidden" hidden>
        Charged at checkout: ${money(totals.dueNow)}</p>
      <div class="later" data-cart-when="preorders"${hidden(totals.dueLater > 0)}>Due later
        <span data-cart-value="dueLater">${money(totals.dueLater)}</span></div>
      <p data-cart-count data-one="{count} item" data-other="{count} items">${totals.itemCount} items</p>
    </div></div></cart-drawer>`;
}

const PLAIN: CartTotals = {
  currency: 'EUR',
  originalTotal: 13900,
  discounts: 0,
  dueNow: 13900,
  dueLater: 0,
  itemCount: 1,
};
/** A 15% discounted beanie and a mitten pre-order with a fixed €10 deposit, as in LT. */
const MIXED: CartTotals = {
  currency: 'EUR',
  originalTotal: 8000,
  discounts: 1200,
  dueNow: 3975,
  dueLater: 2825,
  itemCount: 2,
};
const MIXED_CART: AjaxCart = {
  currency: 'EUR',
  original_total_price: 8000,
  total_price: 6800,
  total_discount: 1200,
  item_count: 2,
  items: [
    {
      quantity: 1,
      original_price: 4500,
      final_price: 3825,
      selling_plan_allocation: {
        price: 4500,
        selling_plan: { checkout_charge: { value_type: 'fixed_amount', value: 1000 } },
      },
    },
    { quantity: 1, original_price: 3500, final_price: 2975 },
  ],
};

/** What the area shows: each value, and the parts not hidden. */
function shown() {
  const area = document.querySelector<HTMLElement>('.totals')!;
  const text = (selector: string) => area.querySelector(selector)?.textContent?.trim() ?? null;
  return {
    originalTotal: text('[data-cart-value="originalTotal"]'),
    discounts: text('[data-cart-value="discounts"]'),
    dueNow: text('[data-cart-value="dueNow"]'),
    dueLater: text('[data-cart-value="dueLater"]'),
    count: text('[data-cart-count]'),
    parts: [...area.querySelectorAll<HTMLElement>('[data-cart-when]')]
      .filter((part) => !part.hidden)
      .map((part) => part.className),
  };
}

let stop: () => void = () => {};
beforeEach(() => {
  setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: {} });
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
  delete window.jQuery;
  vi.restoreAllMocks();
});

describe('the cart drawer totals', () => {
  it("shows the theme's figures in the display currency, in whole units", () => {
    document.body.innerHTML = drawer(MIXED);
    stop = startCartDrawerTotals();

    expect(shown()).toEqual({
      originalTotal: '€80',
      discounts: '−€12',
      dueNow: '€40',
      dueLater: '€28',
      count: '2 items',
      parts: ['original', 'discounts', 'today', 'later'],
    });
  });

  it('converts each figure with the rates of the cart currency, rounded', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'GBP', rates: { EUR: EUR_RATES } });
    document.body.innerHTML = drawer(MIXED);
    stop = startCartDrawerTotals();

    // 80 × 0.86 = 68.8, 12 × 0.86 = 10.32, 39.75 × 0.86 = 34.185, 28.25 × 0.86 = 24.295
    expect(shown()).toMatchObject({
      originalTotal: '≈ £69',
      discounts: '≈ −£10',
      dueNow: '≈ £34',
      dueLater: '≈ £24',
    });
  });

  it('holds the place with skeletons until the rates arrive', async () => {
    const { hold, release } = holdAnswers();
    server.use(
      http.get(`${ORIGIN}/api/currency-rates/EUR`, async () => {
        await hold;
        return HttpResponse.json(EUR_RATES);
      }),
    );
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: {} });
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    const total = document.querySelector('[data-cart-value="dueNow"]')!;
    expect(total.querySelector('.kf-skeleton')).not.toBeNull();
    release();
    await vi.waitFor(() => expect(total.textContent).toBe('≈ $150'));
  });

  it('shows the cart currency when the rates fail', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: null } });
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    expect(shown().dueNow).toBe('€139');
  });

  it('follows a change of display currency', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: { EUR: EUR_RATES } });
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    marketStore.getState().setDisplayCurrency('AUD');

    expect(shown().dueNow).toBe('≈ $229');
  });

  it('works the figures out again from the cart a change announces', () => {
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    announceCart(MIXED_CART, '/cart/add.js');

    const area = document.querySelector<HTMLElement>('.totals')!;
    expect({ ...area.dataset }).toEqual({
      currency: 'EUR',
      originalTotal: '8000',
      discounts: '1200',
      dueNow: '3975',
      dueLater: '2825',
      itemCount: '2',
      approximate: '≈ {amount}',
    });
    expect(shown()).toMatchObject({ dueNow: '€40', dueLater: '€28', count: '2 items' });
    expect(shown().parts).toEqual(['original', 'discounts', 'today', 'later']);
  });

  it('hides the rows of discounts and pre-orders when the cart has none', () => {
    document.body.innerHTML = drawer(MIXED);
    stop = startCartDrawerTotals();

    announceCart(
      {
        ...MIXED_CART,
        original_total_price: 2975,
        total_discount: 0,
        item_count: 1,
        items: [{ quantity: 1, original_price: 2975, final_price: 2975 }],
      },
      '/cart/change.js',
    );

    expect(shown()).toMatchObject({ dueNow: '€30', count: '1 item', parts: ['estimated'] });
  });

  it("refreshes from CartJS's cart after its requests", () => {
    window.jQuery = jQuery as unknown as JQueryLibrary;
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    jQuery(document).trigger('cart.requestComplete', [MIXED_CART]);

    expect(shown().dueNow).toBe('€40');
  });

  it('fetches /cart.js when a change comes without the cart', async () => {
    server.use(http.get(`${ORIGIN}/cart.js`, () => HttpResponse.json(MIXED_CART)));
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    document.dispatchEvent(new CustomEvent(EVENTS.cartUpdated));

    await vi.waitFor(() => expect(shown().dueNow).toBe('€40'));
  });

  it('drops a fetched cart that a newer one overtook', async () => {
    const { hold, release } = holdAnswers();
    server.use(
      http.get(`${ORIGIN}/cart.js`, async () => {
        await hold;
        return HttpResponse.json(MIXED_CART);
      }),
    );
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    const fetched = refreshCartTotals(null);
    announceCart({ ...MIXED_CART, items: [MIXED_CART.items[1]!] }, '/cart/change.js');
    release();
    await fetched;

    expect(shown().dueNow).toBe('€30');
  });

  it('logs a failed fetch and keeps what it shows', async () => {
    server.use(http.get(`${ORIGIN}/cart.js`, () => new HttpResponse(null, { status: 500 })));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();

    await refreshCartTotals(null);

    expect(logged).toHaveBeenCalledOnce();
    expect(shown().dueNow).toBe('€139');
  });

  it('takes over an area the theme renders again before it paints', async () => {
    document.body.innerHTML = `<div id="shopify-section-cart-drawer">${drawer(PLAIN)}</div>`;
    stop = startCartDrawerTotals();

    document.getElementById('shopify-section-cart-drawer')!.innerHTML = drawer(MIXED);
    await Promise.resolve();

    expect(shown()).toMatchObject({ dueNow: '€40', dueLater: '€28' });
  });

  it('leaves an area alone whose figures are not amounts', () => {
    document.body.innerHTML = drawer({ ...PLAIN, dueNow: -5 });
    stop = startCartDrawerTotals();

    expect(shown().dueNow).toBe('€-0,05');
  });

  it("takes the cart page's area over too", () => {
    document.body.innerHTML = drawer(PLAIN).replace(
      /<(\/?)cart-drawer>/g,
      '<$1main class="cart-page">',
    );
    stop = startCartDrawerTotals();

    expect(shown().dueNow).toBe('€139');
  });

  it('leaves other areas to the theme', () => {
    document.body.innerHTML = drawer(PLAIN).replace(/<\/?cart-drawer>/g, '');
    stop = startCartDrawerTotals();

    expect(shown().dueNow).toBe('€139,00');
  });
});

describe('the amount charged at checkout', () => {
  const charged = () => document.querySelector<HTMLElement>('[data-cart-charged]')!;
  const cases = [
    {
      name: 'converted figures: the total due now in the market currency, to the cent',
      market: { displayCurrency: 'USD', rates: { EUR: EUR_RATES } } as const,
      dueNow: '≈ $43',
      line: { text: 'Charged at checkout: €39.75', visibility: 'visible', hidden: false },
    },
    {
      name: 'the same currency: nothing changes',
      market: { displayCurrency: 'EUR', rates: { EUR: EUR_RATES } } as const,
      dueNow: '€40',
      line: { text: 'Charged at checkout: €39,75', visibility: 'hidden', hidden: true },
    },
    {
      name: 'no rates (failed or stale): the market currency, and no line',
      market: { displayCurrency: 'USD', rates: { EUR: null } } as const,
      dueNow: '€40',
      line: { text: 'Charged at checkout: €39,75', visibility: 'hidden', hidden: false },
    },
    {
      name: 'rates on their way: the room kept for the line, invisible',
      market: { displayCurrency: 'USD', rates: { EUR: 'loading' } } as const,
      dueNow: '',
      line: { text: 'Charged at checkout: €39,75', visibility: 'hidden', hidden: false },
    },
    {
      name: 'no display currency picked: the market currency, and no room',
      market: { displayCurrency: null, rates: { EUR: EUR_RATES } } as const,
      dueNow: '€40',
      line: { text: 'Charged at checkout: €39,75', visibility: 'hidden', hidden: true },
    },
  ];
  for (const { name, market, dueNow, line } of cases) {
    it(`shows ${name}`, () => {
      setMarket({ marketCurrency: 'EUR', ...market });
      document.body.innerHTML = drawer(MIXED);
      stop = startCartDrawerTotals();

      expect(shown().dueNow).toBe(dueNow);
      expect({
        text: charged().textContent?.trim(),
        visibility: charged().style.visibility,
        hidden: charged().hidden,
      }).toEqual(line);
    });
  }

  it('hides the line again when the shopper goes back to the market currency', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
    document.body.innerHTML = drawer(PLAIN);
    stop = startCartDrawerTotals();
    expect(charged().style.visibility).toBe('visible');

    marketStore.getState().setDisplayCurrency('EUR');

    expect(charged().style.visibility).toBe('hidden');
    expect(charged().hidden).toBe(true);
    expect(shown().dueNow).toBe('€139');
  });
});

describe('money slots', () => {
  /** A pre-order's due today as theme/snippets/selling-plan-options.liquid renders it. */
  const SLOT = `<span data-money-minor="1350" data-money-currency="EUR"
    data-money-text="{amount} due today" data-money-converted="≈ {amount} ({charged})">€13,50 due today</span>`;
  const slot = () => document.querySelector('[data-money-minor]')!;

  it('follows the display currency, with the amount charged beside', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
    document.body.innerHTML = SLOT;
    stop = startCartDrawerTotals();

    // 13.50 × 1.08 = 14.58
    expect(slot().textContent).toBe('≈ $15 (€13.50) due today');
  });

  it("shows the theme's text again in the market currency", () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
    document.body.innerHTML = SLOT;
    stop = startCartDrawerTotals();

    marketStore.getState().setDisplayCurrency('EUR');

    expect(slot().textContent).toBe('€13,50 due today');
  });

  it('keeps the theme text when the rates are stale or failed', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: null } });
    document.body.innerHTML = SLOT;
    stop = startCartDrawerTotals();

    expect(slot().textContent).toBe('€13,50 due today');
  });

  it("writes a line discount's sign before each of its amounts", () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD', rates: { EUR: EUR_RATES } });
    // A line's discount as theme/snippets/cart-item.liquid renders it.
    document.body.innerHTML = `<p>Mitten season<span data-money-minor="525" data-money-currency="EUR"
      data-money-text="{amount}" data-money-converted="≈ −{amount} (−{charged})">−€5,25</span></p>`;
    stop = startCartDrawerTotals();

    // 5.25 × 1.08 = 5.67
    expect(slot().textContent).toBe('≈ −$6 (−€5.25)');

    marketStore.getState().setDisplayCurrency('EUR');

    expect(slot().textContent).toBe('−€5,25');
  });

  it('fills a slot the theme renders later', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'GBP', rates: { EUR: EUR_RATES } });
    stop = startCartDrawerTotals();

    document.body.innerHTML = SLOT;

    await vi.waitFor(() => expect(slot().textContent).toBe('≈ £12 (€13.50) due today'));
  });
});
