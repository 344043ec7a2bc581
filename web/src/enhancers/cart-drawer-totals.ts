import { getCart, type AjaxCart } from '../api/cart';
import { isCurrency } from '../market/currency';
import { marketStore } from '../market/store';
import { cartTotals, type CartTotals } from '../pricing/cart-totals';
import { displayPrice } from '../pricing/display';
import { formatMoney } from '../pricing/format';
import {
  CART_DRAWER_TOTALS,
  CART_PAGE_TOTALS,
  CART_TOTALS_CONDITION,
  CART_TOTALS_ITEM_COUNT,
  CART_TOTALS_VALUE,
} from '../theme/selectors';
import { onCartChange } from './cart-changes';
import { setText } from './dom';

/**
 * The cart drawer footer's totals (spec section 1): the total, with pre-order lines counting only
 * their upfront charge, what remains due later, the original total, the discounts and the item
 * count, in the display currency.
 *
 * The theme renders the area with the same figures worked out in Liquid, in minor units of the
 * cart's currency, as data attributes of the area (data-currency, data-original-total,
 * data-discounts, data-due-now, data-due-later, data-item-count), and the texts in the market's
 * money format. This enhancer keeps the figures in those attributes, works them out again from the
 * cart after every change, and writes the texts in the display currency: the values, the parts
 * shown only with discounts or pre-orders, and the item count. It only changes texts and hides
 * rows, so the area keeps the theme's layout and nothing moves when it takes over.
 */

/** The totals areas: the drawer footer's, and the cart page's, which the theme renders alike. */
const AREAS = `${CART_DRAWER_TOTALS}, ${CART_PAGE_TOTALS}`;

/** The figures kept in the area's data attributes, by their dataset names. */
const FIGURES = ['originalTotal', 'discounts', 'dueNow', 'dueLater', 'itemCount'] as const;
type Figure = (typeof FIGURES)[number];

/**
 * The sign written before a figure: money taken off carries a minus, inside the figure's own text
 * as the theme writes it, so that the sign is rewritten with the amount and never moves alone.
 */
const SIGNS: Partial<Record<Figure, string>> = { discounts: '−' };

/** The conditions a part of the area can be shown on (its data-cart-when). */
const CONDITIONS: Record<string, (totals: CartTotals) => boolean> = {
  discounts: (totals) => totals.discounts > 0,
  preorders: (totals) => totals.dueLater > 0,
  'no-preorders': (totals) => totals.dueLater === 0,
};

function areas(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(AREAS)];
}

/** The figures an area holds, or null when they are missing or not amounts. */
function readFigures(area: HTMLElement): CartTotals | null {
  const { currency } = area.dataset;
  const figures = FIGURES.map((name) => Number(area.dataset[name] ?? NaN));
  if (
    !currency ||
    !/^[A-Z]{3}$/.test(currency) ||
    !figures.every((n) => Number.isSafeInteger(n) && n >= 0)
  )
    return null;
  return {
    currency,
    ...(Object.fromEntries(FIGURES.map((name, i) => [name, figures[i]])) as Record<Figure, number>),
  };
}

function writeFigures(area: HTMLElement, totals: CartTotals): void {
  area.dataset.currency = totals.currency;
  for (const name of FIGURES) area.dataset[name] = String(totals[name]);
}

/**
 * How amounts of a currency, in minor units, show in the display currency: converted with the
 * rates of the cart's currency and rounded to whole units (spec section 9), or in the cart's
 * currency when the rates failed. 'loading' while the rates are on their way.
 */
function moneyShown(currency: string): ((minorUnits: number) => string) | 'loading' {
  const { displayCurrency, rates, loadRates } = marketStore.getState();
  // Shopify's AJAX cart counts every currency in hundredths of its unit.
  const major = (minorUnits: number) => minorUnits / 100;
  if (!isCurrency(currency) || displayCurrency === null || displayCurrency === currency) {
    return (minorUnits) => formatMoney(major(minorUnits), currency);
  }
  if (rates[currency] === undefined) loadRates(currency);
  const cartRates = marketStore.getState().rates[currency];
  if (cartRates === undefined || cartRates === 'loading') return 'loading';
  return (minorUnits) =>
    displayPrice({ price: major(minorUnits), compared: null }, currency, displayCurrency, cartRates)
      .current;
}

function skeleton(): HTMLElement {
  const element = document.createElement('span');
  element.className = 'kf-skeleton';
  return element;
}

/** Writes an area's texts from its figures. */
function show(area: HTMLElement): void {
  const totals = readFigures(area);
  if (!totals) return;
  const money = moneyShown(totals.currency);
  for (const part of area.querySelectorAll<HTMLElement>(CART_TOTALS_CONDITION)) {
    const condition = CONDITIONS[part.dataset.cartWhen ?? ''];
    if (condition) part.hidden = !condition(totals);
  }
  for (const slot of area.querySelectorAll<HTMLElement>(CART_TOTALS_VALUE)) {
    const figure = FIGURES.find((name) => name === slot.dataset.cartValue);
    if (!figure) continue;
    if (money === 'loading') slot.replaceChildren(skeleton());
    else setText(slot, (SIGNS[figure] ?? '') + money(totals[figure]));
  }
  const count = area.querySelector<HTMLElement>(CART_TOTALS_ITEM_COUNT);
  const text = totals.itemCount === 1 ? count?.dataset.one : count?.dataset.other;
  if (count && text) setText(count, text.replace('{count}', String(totals.itemCount)));
}

function showAll(): void {
  areas().forEach(show);
}

let latest = 0;

/**
 * Shows the totals of a cart in every totals area, after fetching /cart.js when no cart is given.
 * The cart last asked for wins: a fetch answered after a newer cart arrived is dropped.
 */
export async function refreshCartTotals(cart: AjaxCart | null): Promise<void> {
  const asked = ++latest;
  let shown = cart;
  if (shown === null) {
    try {
      shown = await getCart();
    } catch (error) {
      console.error(error);
      return;
    }
  }
  if (asked !== latest) return;
  const totals = cartTotals(shown);
  for (const area of areas()) {
    writeFigures(area, totals);
    show(area);
  }
}

/**
 * Takes over the totals areas: those on the page now, those the theme renders again after a cart
 * change (in the same task, so the theme's texts never paint), and shows them again after every
 * cart change and whenever the display currency or the rates change. Returns the function that
 * stops.
 */
export function startCartDrawerTotals(): () => void {
  showAll();
  const observer = new MutationObserver((records) => {
    const added = records.some((record) =>
      [...record.addedNodes].some(
        (node) =>
          node instanceof Element && (node.matches(AREAS) || node.querySelector(AREAS) !== null),
      ),
    );
    if (added) showAll();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const stopMarket = marketStore.subscribe(showAll);
  const stopCart = onCartChange(({ cart }) => void refreshCartTotals(cart));
  return () => {
    observer.disconnect();
    stopMarket();
    stopCart();
  };
}
