import { getCart, type AjaxCart } from '../api/cart';
import { isCurrency } from '../market/currency';
import { marketStore } from '../market/store';
import { cartTotals, chargedAmount, type CartTotals } from '../pricing/cart-totals';
import type { RateMap } from '../pricing/convert';
import { formatMoney } from '../pricing/format';
import { readMinorUnits } from '../pricing/minor-units';
import {
  CART_FIGURES,
  CART_TOTALS_AREAS,
  CART_TOTALS_CHARGED,
  CART_TOTALS_CONDITION,
  CART_TOTALS_ITEM_COUNT,
  CART_TOTALS_VALUE,
  MONEY_SLOT,
} from '../theme/selectors';
import { onCartChange } from '../api/cart-changes';
import { fill, setText, showChargedLine } from '../dom';

/**
 * The cart drawer footer's totals: the total, with pre-order lines counting only
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
 *
 * When the display currency is not the market currency, the one checkout charges, the shopper
 * must see what they will really pay: the converted figures are marked approximate (the area's
 * data-approximate, '≈ {amount}'), and the line data-cart-charged shows the total due now
 * in the market currency, exact to its minor unit. That line takes room only while the display
 * currency differs, and takes it at once, before the rates come: the change follows the shopper's
 * own pick of a currency, or the theme reserved the room before the first paint from the currency
 * stored in the browser, so the line never moves anything when it appears. The money slots elsewhere on the page (payment
 * options, due today, line discounts) follow the display currency the same way, each with the
 * amount charged beside it. All texts come from the theme.
 */

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
  return [...document.querySelectorAll<HTMLElement>(CART_TOTALS_AREAS)];
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
 * The rates that convert amounts of a currency to the display currency: null when there is
 * nothing to convert (the same currency) or nothing to convert with (the rates failed or are
 * stale), so the amounts show in that currency; 'loading' while the rates are on their way.
 */
function ratesFor(currency: string): RateMap | null | 'loading' {
  const { displayCurrency, rates, loadRates } = marketStore.getState();
  if (!isCurrency(currency) || displayCurrency === null || displayCurrency === currency) {
    return null;
  }
  if (rates[currency] === undefined) loadRates(currency);
  const kept = marketStore.getState().rates[currency];
  return kept === undefined ? 'loading' : kept;
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
  const rates = ratesFor(totals.currency);
  const { displayCurrency } = marketStore.getState();
  const converted = (amount: number) =>
    rates === 'loading' ? null : chargedAmount(amount, totals.currency, displayCurrency, rates);
  for (const part of area.querySelectorAll<HTMLElement>(CART_TOTALS_CONDITION)) {
    const condition = CONDITIONS[part.dataset.cartWhen ?? ''];
    if (condition) part.hidden = !condition(totals);
  }
  for (const slot of area.querySelectorAll<HTMLElement>(CART_TOTALS_VALUE)) {
    const figure = FIGURES.find((name) => name === slot.dataset.cartValue);
    if (!figure) continue;
    if (rates === 'loading') {
      slot.replaceChildren(skeleton());
      continue;
    }
    const amount = converted(totals[figure]);
    const signed =
      (SIGNS[figure] ?? '') + (amount?.shown ?? formatMoney(totals[figure], totals.currency));
    const approximate = area.dataset.approximate;
    setText(slot, amount && approximate ? fill(approximate, { amount: signed }) : signed);
  }
  const chargedLine = area.querySelector<HTMLElement>(CART_TOTALS_CHARGED);
  const dueNow = converted(totals.dueNow);
  if (chargedLine) {
    const differs =
      isCurrency(totals.currency) &&
      displayCurrency !== null &&
      displayCurrency !== totals.currency;
    showChargedLine(chargedLine, differs, dueNow?.charged ?? null);
  }
  const count = area.querySelector<HTMLElement>(CART_TOTALS_ITEM_COUNT);
  const text = totals.itemCount === 1 ? count?.dataset.one : count?.dataset.other;
  if (count && text) setText(count, fill(text, { count: String(totals.itemCount) }));
}

/** The theme's text of each money slot, shown again whenever its amount is not converted. */
const themeTexts = new WeakMap<HTMLElement, string>();

/**
 * Writes a money slot's text: in the display currency, approximate, beside the amount charged, or
 * the theme's own text when the amount shows in the market currency. While the rates are on their
 * way it keeps what it shows.
 */
function showMoneySlot(slot: HTMLElement): void {
  const { moneyMinor, moneyCurrency, moneyText, moneyConverted } = slot.dataset;
  const amount = readMinorUnits(moneyMinor);
  if (amount === null || !moneyCurrency || !moneyText || !moneyConverted) return;
  if (!themeTexts.has(slot)) themeTexts.set(slot, slot.textContent ?? '');
  const rates = ratesFor(moneyCurrency);
  if (rates === 'loading') return;
  const { displayCurrency } = marketStore.getState();
  const converted = chargedAmount(amount, moneyCurrency, displayCurrency, rates);
  setText(
    slot,
    converted
      ? fill(moneyText, {
          amount: fill(moneyConverted, { amount: converted.shown, charged: converted.charged }),
        })
      : (themeTexts.get(slot) ?? ''),
  );
}

function showAll(): void {
  areas().forEach(show);
  document.querySelectorAll<HTMLElement>(MONEY_SLOT).forEach(showMoneySlot);
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

/** refreshCartTotals as the theme adapters take it: a writer of a cart's totals, not awaited. */
export const showCartTotals = (cart: AjaxCart): void => void refreshCartTotals(cart);

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
          node instanceof Element &&
          (node.matches(CART_FIGURES) || node.querySelector(CART_FIGURES) !== null),
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
