import { EVENTS, NO_DISCOUNT, type PriceType } from '../../constants';
import { parsePrice } from '../../pricing/parse';

/** A product card of Dawn's snippets/card-product.liquid, in any grid, list or slider. */
const CARD = '.card-wrapper';
/** The card's title link, whose id Dawn writes as CardLink-{section id}-{product id}. */
const CARD_LINK = 'a[id^="CardLink-"]';
/** The price Dawn's snippets/price.liquid prints in the card. */
const CARD_PRICE = '.card-information > .price';
/** Dawn's price texts: the regular price, or on sale the sale price and the price it was. */
const REGULAR_PRICE = '.price__regular .price-item--regular';
const SALE_PRICE = '.price__sale .price-item--sale';
const WAS_PRICE = '.price__sale s.price-item--regular';
/** Dawn's search results page, whose cards are search cards. */
const SEARCH_PAGE = '.template-search';

/**
 * On Dawn's card price, what became of it: 'placed' (a price widget over it, Dawn's text hidden
 * and keeping its room), 'shown' (the widget shows its price) or 'dawn' (left as Dawn printed
 * it). The app embed's stylesheet hides a card price that has none yet, so that Dawn's price in
 * the market currency never flashes before the widget's.
 */
export const CARD_PRICE_STATE = 'data-kf-price';

/**
 * The widget lies over Dawn's price, which keeps its room: whatever the widget shows, nothing in
 * the grid moves. Once the widget shows its price, its '-N% off' badge marks the sale, so Dawn's
 * 'Sale' badge on the card's picture gives way (a sold-out card keeps its 'Sold out' badge).
 */
const STYLE = [
  `${CARD_PRICE}[${CARD_PRICE_STATE}="placed"],${CARD_PRICE}[${CARD_PRICE_STATE}="shown"]{position:relative}`,
  `${CARD_PRICE}[${CARD_PRICE_STATE}] > product-price{position:absolute;inset:0;display:flex;align-items:center}`,
  `${CARD_PRICE}[${CARD_PRICE_STATE}="placed"] > :not(product-price),${CARD_PRICE}[${CARD_PRICE_STATE}="shown"] > :not(product-price){visibility:hidden}`,
  `${CARD}:has(${CARD_PRICE}[${CARD_PRICE_STATE}="shown"]:not(.price--sold-out)) .card__badge .badge{visibility:hidden}`,
].join('');
const STYLE_ID = 'knitfront-dawn-cards';

/** A card's price as Dawn printed it: the product, its price and the price it was, as texts. */
export interface DawnCardPrice {
  productId: string;
  price: string;
  comparedAt: string | null;
}

const text = (root: Element, selector: string) =>
  root.querySelector(selector)?.textContent?.trim() ?? '';

/**
 * What a card tells of its price, or null when it tells too little for the widget: no product id
 * in its link, or a price that is not a money amount (such as Dawn's 'From €10' for a product
 * whose variants' prices differ).
 */
export function readDawnCard(card: Element, priceBlock: Element): DawnCardPrice | null {
  const productId = /-(\d+)$/.exec(card.querySelector(CARD_LINK)?.id ?? '')?.[1];
  const onSale = priceBlock.classList.contains('price--on-sale');
  const price = text(priceBlock, onSale ? SALE_PRICE : REGULAR_PRICE);
  const comparedAt = onSale ? text(priceBlock, WAS_PRICE) : '';
  if (!productId || parsePrice(price) === null) return null;
  return { productId, price, comparedAt: parsePrice(comparedAt) === null ? null : comparedAt };
}

/** Places the price widget over one card's price, or leaves Dawn's when the card tells too little. */
function enhance(card: Element, country: string): void {
  const priceBlock = card.querySelector<HTMLElement>(CARD_PRICE);
  if (!priceBlock || priceBlock.hasAttribute(CARD_PRICE_STATE)) return;
  const read = readDawnCard(card, priceBlock);
  if (!read) {
    priceBlock.setAttribute(CARD_PRICE_STATE, 'dawn');
    return;
  }
  const type: PriceType = card.closest(SEARCH_PAGE) ? 'SearchCardPrice' : 'CollectionItemPrice';
  const widget = document.createElement('product-price');
  widget.setAttribute('price', read.price);
  widget.setAttribute('compared_at', read.comparedAt ?? NO_DISCOUNT);
  widget.setAttribute('iso_code', country);
  widget.setAttribute('product_id', read.productId);
  widget.setAttribute('type', type);
  widget.addEventListener(EVENTS.priceShown, () =>
    priceBlock.setAttribute(CARD_PRICE_STATE, 'shown'),
  );
  priceBlock.setAttribute(CARD_PRICE_STATE, 'placed');
  priceBlock.append(widget);
}

/**
 * Dawn's collection and search cards in the display currency with knitfront's automatic
 * discount: a card cannot hold an app block, so a price widget goes over the price Dawn printed,
 * fed from what the card tells (the product id in its title link's id, the price texts in the
 * market's money format) and the market Shopify tells (window.Shopify.country). Cards Dawn renders
 * later (filters, sorting, the next page) get theirs as they arrive. Returns the function that
 * stops.
 */
export function startDawnCards(): () => void {
  const country = window.Shopify?.country;
  if (!country) {
    // Nothing to price with: every card keeps Dawn's own price.
    document
      .querySelectorAll(CARD_PRICE)
      .forEach((priceBlock) => priceBlock.setAttribute(CARD_PRICE_STATE, 'dawn'));
    return () => {};
  }
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = STYLE;
  document.head.append(style);
  const enhanceAll = () =>
    document.querySelectorAll(CARD).forEach((card) => enhance(card, country));
  const renders = new MutationObserver((records) => {
    const cardsAdded = records.some((record) =>
      [...record.addedNodes].some(
        (node) => node instanceof Element && (node.matches(CARD) || node.querySelector(CARD)),
      ),
    );
    if (cardsAdded) enhanceAll();
  });
  renders.observe(document.body, { childList: true, subtree: true });
  enhanceAll();
  return () => {
    renders.disconnect();
    document.querySelectorAll(`${CARD_PRICE}[${CARD_PRICE_STATE}]`).forEach((priceBlock) => {
      priceBlock.querySelector(':scope > product-price')?.remove();
      priceBlock.removeAttribute(CARD_PRICE_STATE);
    });
    style.remove();
  };
}
