import {
  announceCart,
  CART_PATHS,
  getCart,
  isAjaxCart,
  type AjaxCart,
  type AjaxCartItem,
} from '../../api/cart';
import { EVENTS } from '../../constants';
import { onCartChange } from '../../api/cart-changes';
import { subscribeToDawn } from './dawn-pubsub';
import { type DawnTexts, readDawnTexts } from './dawn-texts';

/**
 * Dawn's totals: the cart page footer's (sections/main-cart-footer.liquid) and the drawer's
 * (snippets/cart-drawer.liquid), each a row of its label and the total.
 */
const DAWN_TOTALS = '#main-cart-footer .totals, cart-drawer .cart-drawer__footer .totals';
const TOTAL_LABEL = ':scope > .totals__total';
const TOTAL_VALUE = ':scope > .totals__total-value';
/** On Dawn's totals row once dressed for knitfront's totals enhancer. */
const DRESSED = 'data-kf-dressed';
/** The element knitfront's totals enhancer takes over as a totals area. */
const TOTALS_AREA = 'data-cart-totals';
/**
 * On Dawn's totals row once knitfront's totals show in it. The app embed's stylesheet keeps the
 * row unseen until then, so that its label and total never show Dawn's text first and then move,
 * and keeps the room of the rows added under it, which show in the same task.
 */
const TOTALS_SHOWN = 'data-kf-totals-shown';

/** Dawn's cart lines, on the cart page and in the drawer: CartItem-{n}, CartDrawer-Item-{n}. */
const LINES = '#main-cart-items .cart-item[id^="CartItem-"], #CartDrawer-CartItems .cart-item';
/** A line's total (twice on the cart page: one for phones, one for wider screens). */
const LINE_TOTAL = '.cart-item__totals .cart-item__price-wrapper';
/** The quantity input of a line, which Dawn gives the line's variant id. */
const LINE_VARIANT = 'input[data-quantity-variant-id]';
/** On a line total once the price widget lies over it: 'placed', then 'shown'. */
const LINE_STATE = 'data-kf-line-price';

/** A line as the cart answers it, with what Dawn prints beside the line's prices. */
interface DawnCartItem extends AjaxCartItem {
  variant_id?: number;
  /** The price per reference measure (a line with a unit price measurement), in minor units. */
  unit_price?: number;
}

/**
 * The other money figures Dawn prints in a line, in the cart's currency: one unit's price in the
 * line's details (or, discounted, the price it was and the price), and the unit price under the
 * line's total ('€2.50/100g'). Each becomes a money slot the cart totals enhancer writes in the
 * display currency as it writes the totals' figures; the price it was is not marked approximate,
 * as the price widgets do not mark it. Only the amount in Dawn's text is rewritten: a unit price
 * keeps its measure ('/100g').
 */
interface LineFigure {
  /** The figure in the host's copy; null for the copy itself. */
  selector: string | null;
  amount: (item: DawnCartItem) => number | undefined;
  approximate: boolean;
  measured: boolean;
}
/**
 * The figures are written in a copy of the block Dawn prints them in (its host), laid over it:
 * Dawn's block keeps its room unseen, and the copy, as wide as the block, shows whatever width its
 * figures take, so nothing in the line moves when they change currency.
 */
interface FigureHost {
  selector: string;
  figures: LineFigure[];
}
const FIGURE_HOSTS: FigureHost[] = [
  {
    selector: '.cart-item__details > div.product-option',
    figures: [
      { selector: null, amount: (item) => item.original_price, approximate: true, measured: false },
    ],
  },
  {
    selector: '.cart-item__details > .cart-item__discounted-prices',
    figures: [
      {
        selector: '.cart-item__old-price',
        amount: (item) => item.original_price,
        approximate: false,
        measured: false,
      },
      {
        selector: '.cart-item__final-price',
        amount: (item) => item.final_price,
        approximate: true,
        measured: false,
      },
    ],
  },
  {
    selector: '.cart-item__price-wrapper > .unit-price',
    figures: [
      {
        selector: '.price-item',
        amount: (item) => item.unit_price,
        approximate: true,
        measured: true,
      },
    ],
  },
];
/** On a host of figures once its copy lies over it. */
const FIGURES_COPIED = 'data-kf-line-figures';
/** The copy of a host, over it. */
const FIGURES_COPY = 'kf-dawn-figures';
/** On a figure once it holds a money slot: the amount, in minor units, it holds. */
const FIGURE_AMOUNT = 'data-kf-line-figure';
/** On a figure once it holds a money slot: Dawn's text. */
const FIGURE_TEXT = 'data-kf-dawn-text';

/** The cart call of Dawn's product form, the one change Dawn tells without the cart. */
const DAWN_ADD_PATH = '/cart/add.js';

/**
 * The widget over a line total, and Dawn's text kept in its room underneath: nothing in the line
 * moves whatever the widget shows. The widget goes into the one element Dawn puts in the total
 * (its price, or its discounted prices), so that Dawn's rules for a lone child still hold. The
 * line's other figures lie over theirs the same way, in a copy of Dawn's block.
 */
const STYLE = [
  `[${LINE_STATE}] > :not(.unit-price){position:relative;visibility:hidden}`,
  // Dawn stacks a discounted total, the price it was above the price: the widget stacks its parts
  // the same way in that room, the badge beside the price, or it runs over the line's name.
  `[${LINE_STATE}] > .cart-item__discounted-prices > product-price > .kf-price{display:grid;grid-template-columns:auto auto;justify-content:end;align-content:space-between;align-self:stretch;height:auto}`,
  `[${LINE_STATE}] > .cart-item__discounted-prices > product-price > .kf-price > .kf-price__compared{grid-column:1/-1;justify-self:end}`,
  `[${FIGURES_COPIED}]{position:relative;visibility:hidden}`,
  `.${FIGURES_COPY}{position:absolute;inset:0;visibility:visible}`,
  `[${LINE_STATE}] > * > product-price{position:absolute;inset:0;display:flex;align-items:center;justify-content:flex-end;visibility:visible}`,
  // The totals rows take the heights the app embed's stylesheet reserves for them before the first
  // paint, their gap above inside: the reservation goes in the task that shows them.
  `.kf-dawn-totals__later,.kf-dawn-totals__charged{box-sizing:border-box;margin:0;padding-top:.5rem}`,
  `.kf-dawn-totals__later{display:flex;justify-content:flex-end;gap:2rem;height:var(--kf-dawn-later-height)}`,
  `.kf-dawn-totals__later[hidden],.kf-dawn-totals__charged[hidden]{display:none}`,
  `.kf-dawn-totals__charged{text-align:right;font-size:1.3rem;height:var(--kf-dawn-charged-height);white-space:nowrap}`,
  // Dawn centres the cart page's totals row below its 750 px breakpoint and spreads the drawer's
  // label and total to its edges: the rows under it are aligned as it is.
  `@media screen and (max-width:749px){#main-cart-footer .kf-dawn-totals__later{justify-content:center}#main-cart-footer .kf-dawn-totals__charged{text-align:center}}`,
  `cart-drawer .kf-dawn-totals__later{justify-content:space-between}`,
].join('');
const STYLE_ID = 'knitfront-dawn-cart';

function element(tag: string, attributes: Record<string, string>, text = ''): HTMLElement {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.textContent = text;
  return made;
}

/**
 * Dresses one of Dawn's totals rows as a knitfront totals area, the parts the enhancer writes:
 * the total as the total due now, the label that reads 'Due today' when pre-orders leave
 * something due later, the line of what checkout charges in the market currency (shown while the
 * display currency differs), and the row of what is due later. The area is the row's parent, the
 * one element Dawn keeps around the row and the lines below it. Returns whether it dressed it.
 */
function dress(row: HTMLElement, texts: DawnTexts): boolean {
  const area = row.parentElement;
  if (row.hasAttribute(DRESSED) || !area) return false;
  row.setAttribute(DRESSED, '');
  area.setAttribute(TOTALS_AREA, '');
  area.dataset.approximate = texts.approximate;
  // The drawer's row matches the knitfront theme's drawer totals selector, so the enhancer takes
  // it as an area of its own too: its total is marked approximate the same way.
  row.dataset.approximate = texts.approximate;
  row.querySelector(TOTAL_VALUE)?.setAttribute('data-cart-value', 'dueNow');
  const label = row.querySelector(TOTAL_LABEL);
  if (label) {
    const dawnLabel = element('span', { 'data-cart-when': 'no-preorders' });
    dawnLabel.append(...label.childNodes);
    const dueToday = element('span', { 'data-cart-when': 'preorders', hidden: '' }, texts.dueToday);
    label.replaceChildren(dawnLabel, dueToday);
  }
  const charged = element('p', {
    class: 'kf-dawn-totals__charged',
    'data-cart-charged': '',
    'data-text': texts.chargedAtCheckout,
    style: 'visibility: hidden',
    hidden: '',
  });
  const later = element('div', {
    class: 'kf-dawn-totals__later',
    'data-cart-when': 'preorders',
    hidden: '',
  });
  later.append(
    element('span', {}, texts.dueLater),
    element('span', { 'data-cart-value': 'dueLater' }),
  );
  row.after(charged, later);
  return true;
}

/**
 * Makes one of Dawn's figures a money slot holding an amount of the cart's currency, Dawn's text
 * kept for when the amount shows as it is. The slot is a new element each time its amount changes,
 * so that the cart totals enhancer, which writes the slots it sees added, writes it at once.
 */
function slotFigure(
  figure: HTMLElement,
  amount: number,
  currency: string,
  converted: string,
  measured: boolean,
): void {
  if (figure.getAttribute(FIGURE_AMOUNT) === String(amount)) return;
  const dawnText = figure.getAttribute(FIGURE_TEXT) ?? figure.textContent?.trim() ?? '';
  const measure = measured && dawnText.includes('/') ? dawnText.slice(dawnText.indexOf('/')) : '';
  const slot = element(
    'span',
    {
      'data-money-minor': String(amount),
      'data-money-currency': currency,
      'data-money-text': `{amount}${measure}`,
      'data-money-converted': converted,
    },
    dawnText,
  );
  figure.setAttribute(FIGURE_TEXT, dawnText);
  figure.setAttribute(FIGURE_AMOUNT, String(amount));
  figure.replaceChildren(slot);
}

/** The copy of a host of figures laid over it, made the first time. */
function copyOver(host: HTMLElement): HTMLElement {
  const made = host.querySelector<HTMLElement>(`:scope > .${FIGURES_COPY}`);
  if (made) return made;
  const copy = element('span', { class: FIGURES_COPY });
  copy.append(...[...host.childNodes].map((node) => node.cloneNode(true)));
  host.setAttribute(FIGURES_COPIED, '');
  host.append(copy);
  return copy;
}

/** Makes the figures Dawn prints in a line, besides its total, money slots of the cart's item. */
function slotLineFigures(line: Element, item: DawnCartItem, currency: string, texts: DawnTexts) {
  for (const host of FIGURE_HOSTS) {
    line.querySelectorAll<HTMLElement>(host.selector).forEach((found) => {
      const copy = copyOver(found);
      for (const { selector, amount, approximate, measured } of host.figures) {
        const value = amount(item);
        const figure = selector === null ? copy : copy.querySelector<HTMLElement>(selector);
        if (value === undefined || !Number.isSafeInteger(value) || !figure) continue;
        const converted = approximate ? texts.approximate : '{amount}';
        slotFigure(figure, value, currency, converted, measured);
      }
    });
  }
}

/**
 * Places or updates the price widget over each line total, from the cart's lines, and makes the
 * line's other figures money slots. A line whose variant is not the cart's at its place (Dawn
 * rendered a cart newer than the one known) waits for the next cart.
 */
function priceLines(cart: AjaxCart, country: string, texts: DawnTexts): void {
  document.querySelectorAll(LINES).forEach((line) => {
    const index = Number(/-(\d+)$/.exec(line.id)?.[1]) - 1;
    const item: DawnCartItem | undefined = cart.items[index];
    const variantId = line.querySelector(LINE_VARIANT)?.getAttribute('data-quantity-variant-id');
    if (!item || !variantId) return;
    if (item.variant_id !== undefined && String(item.variant_id) !== variantId) return;
    slotLineFigures(line, item, cart.currency, texts);
    const price = String(item.final_price * item.quantity);
    const original = item.original_price * item.quantity;
    line.querySelectorAll<HTMLElement>(LINE_TOTAL).forEach((total) => {
      const host = total.firstElementChild;
      if (!host) return;
      let widget = host.querySelector(':scope > product-price');
      if (!widget) {
        widget = document.createElement('product-price');
        widget.addEventListener(EVENTS.priceShown, () => total.setAttribute(LINE_STATE, 'shown'));
        total.setAttribute(LINE_STATE, 'placed');
        host.append(widget);
      }
      const attributes: Record<string, string> = {
        price_minor: price,
        iso_code: country,
        variant_id: variantId,
        type: 'CartItemPrice',
        approximate: texts.approximate,
      };
      for (const [name, value] of Object.entries(attributes)) {
        if (widget.getAttribute(name) !== value) widget.setAttribute(name, value);
      }
      // The line's discount is the cart's own: the widget compares, and looks up nothing more.
      if (original > item.final_price * item.quantity) {
        widget.setAttribute('compared_at_minor', String(original));
      } else {
        widget.setAttribute('compared_at_minor', price);
      }
    });
  });
}

/**
 * Dawn's cart-update message: from its cart page or drawer (source 'cart-items') the whole cart
 * after /cart/change.js, from a product form only the line /cart/add.js added.
 */
interface DawnCartUpdate {
  source?: string;
  cartData?: unknown;
}

/**
 * Dawn's cart page and drawer: the totals in the display currency, with pre-orders counting their
 * upfront charge only, what remains due later and, while the display currency differs, what
 * checkout charges; and each line's figures in the display currency, marked approximate as the
 * totals are. Dawn's totals rows are dressed as knitfront totals areas for knitfront's cart totals
 * enhancer, with the texts the app embed writes; the line totals get a price widget over them, and
 * the line's other figures (one unit's price, the unit price) become money slots that enhancer
 * writes too. Dawn renders its cart sections again after each change and tells of the change on
 * its publish/subscribe channel (PUB_SUB_EVENTS.cartUpdate): the adapter dresses what Dawn
 * renders, and passes the change on as knitfront's cart-updated event with the cart, which every
 * knitfront enhancer hears. showCartTotals writes a cart's totals in the dressed rows in the task
 * it is called in (the totals enhancer's work, handed over by the entry). Returns the function that stops.
 */
export function startDawnCart(showCartTotals: (cart: AjaxCart) => void): () => void {
  const country = window.Shopify?.country;
  const texts = readDawnTexts();
  if (!country || !texts) return () => {};
  const style = element('style', { id: STYLE_ID }, STYLE);
  document.head.append(style);
  let lastCart: AjaxCart | null = null;

  const show = (cart: AjaxCart) => {
    lastCart = cart;
    priceLines(cart, country, texts);
  };
  /** Shows the cart's totals in every dressed row at once (showCartTotals writes them in this task). */
  const showTotals = (cart: AjaxCart) => {
    showCartTotals(cart);
    document
      .querySelectorAll(`[${DRESSED}]:not([${TOTALS_SHOWN}])`)
      .forEach((row) => row.setAttribute(TOTALS_SHOWN, ''));
  };
  const refresh = () =>
    getCart().then((cart) => {
      show(cart);
      showTotals(cart);
    }, console.error);
  const dressAll = () => {
    let dressed = false;
    document
      .querySelectorAll<HTMLElement>(DAWN_TOTALS)
      .forEach((row) => (dressed = dress(row, texts) || dressed));
    return dressed;
  };

  const renders = new MutationObserver((records) => {
    const added = records.some((record) =>
      [...record.addedNodes].some(
        (node) =>
          node instanceof Element &&
          (node.matches(`${DAWN_TOTALS}, ${LINES}`) ||
            node.querySelector(`${DAWN_TOTALS}, ${LINES}`) !== null),
      ),
    );
    if (!added) return;
    if (dressAll() && lastCart) showTotals(lastCart);
    if (lastCart) priceLines(lastCart, country, texts);
  });
  renders.observe(document.body, { childList: true, subtree: true });
  const stopCart = onCartChange(({ cart }) => {
    if (cart) show(cart);
  });

  // Dawn's channel: a change of the cart page or drawer carries the whole cart, an add from a
  // product form only the line added, so the cart is then asked for.
  const unsubscribe = subscribeToDawn('cartUpdate', (data) => {
    const update = (data ?? {}) as DawnCartUpdate;
    const request = update.source === 'cart-items' ? CART_PATHS.change : DAWN_ADD_PATH;
    if (isAjaxCart(update.cartData)) announceCart(update.cartData, request);
    else void getCart().then((cart) => announceCart(cart, request), console.error);
  });

  dressAll();
  void refresh();
  return () => {
    renders.disconnect();
    stopCart();
    unsubscribe?.();
    style.remove();
  };
}
