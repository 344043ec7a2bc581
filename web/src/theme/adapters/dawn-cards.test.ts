import { afterEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../constants';
import { CARD_PRICE_STATE, startDawnCards } from './dawn-cards';

/** A card as Dawn's card-product and price snippets render it. */
function dawnCard({
  productId = '8123456000005',
  price = '€139,00 EUR',
  was = '',
  soldOut = false,
}: { productId?: string; price?: string; was?: string; soldOut?: boolean } = {}): string {
  const classes = ['price', was && 'price--on-sale', soldOut && 'price--sold-out'].filter(Boolean);
  return `
    <div class="card-wrapper">
      <div class="card__badge"><span class="badge">${soldOut ? 'Sold out' : 'Sale'}</span></div>
      <a href="/products/fireside" id="CardLink-template--collection__product-grid-${productId}">Fireside</a>
      <div class="card-information">
        <div class="${classes.join(' ')}">
          <div class="price__container">
            <div class="price__regular"><span class="price-item price-item--regular">${price}</span></div>
            <div class="price__sale">
              <span><s class="price-item price-item--regular">${was}</s></span>
              <span class="price-item price-item--sale">${price}</span>
            </div>
          </div>
        </div>
      </div>
    </div>`;
}

const priceBlock = (root: ParentNode = document) =>
  root.querySelector<HTMLElement>('.card-information > .price')!;
const widget = (root: ParentNode = document) => priceBlock(root).querySelector('product-price');
const attributes = () =>
  Object.fromEntries([...(widget()?.attributes ?? [])].map(({ name, value }) => [name, value]));

let stop: () => void = () => {};
afterEach(() => {
  stop();
  delete window.Shopify;
  document.body.innerHTML = '';
});

describe("Dawn's product cards", () => {
  it.each([
    {
      name: 'a regular price',
      card: { price: '€129,00 EUR' },
      want: {
        price: '€129,00 EUR',
        compared_at: 'nodiscount',
        iso_code: 'LT',
        product_id: '8123456000005',
        type: 'CollectionItemPrice',
      },
    },
    {
      name: 'a price on sale',
      card: { price: '€139,00 EUR', was: '€169,00 EUR' },
      want: { price: '€139,00 EUR', compared_at: '€169,00 EUR' },
    },
    {
      name: 'a sale with no price it was',
      card: { price: '€139,00 EUR', was: ' ' },
      want: { price: '€139,00 EUR', compared_at: 'nodiscount' },
    },
  ])('$name: the widget placed with $want', ({ card, want }) => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = dawnCard(card);
    stop = startDawnCards();
    expect(attributes()).toMatchObject(want);
    expect(priceBlock().getAttribute(CARD_PRICE_STATE)).toBe('placed');
  });

  it.each([
    {
      name: "Dawn's 'From' price of a product whose variants differ",
      card: { price: 'From €99,00' },
    },
    { name: 'a card with no product id', card: { productId: 'x' } },
  ])("$name: Dawn's price stays", ({ card }) => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = dawnCard(card);
    stop = startDawnCards();
    expect(widget()).toBeNull();
    expect(priceBlock().getAttribute(CARD_PRICE_STATE)).toBe('dawn');
  });

  it("keeps Dawn's prices when Shopify tells no country", () => {
    document.body.innerHTML = dawnCard();
    stop = startDawnCards();
    expect(widget()).toBeNull();
    expect(priceBlock().getAttribute(CARD_PRICE_STATE)).toBe('dawn');
  });

  it('makes the cards of the search page search cards', () => {
    window.Shopify = { country: 'GB' };
    document.body.innerHTML = `<div class="template-search">${dawnCard()}</div>`;
    stop = startDawnCards();
    expect(attributes()).toMatchObject({ type: 'SearchCardPrice', iso_code: 'GB' });
  });

  it('marks the card once the widget shows its price', () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = dawnCard();
    stop = startDawnCards();
    widget()!.dispatchEvent(new CustomEvent(EVENTS.priceShown, { bubbles: true }));
    expect(priceBlock().getAttribute(CARD_PRICE_STATE)).toBe('shown');
  });

  it('prices the cards Dawn renders later, once each', async () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = `<ul id="grid">${dawnCard({ productId: '1' })}</ul>`;
    stop = startDawnCards();
    // Dawn's facets: the grid's HTML replaced after a filter.
    document.getElementById('grid')!.innerHTML = dawnCard({ productId: '2' }) + dawnCard();
    await Promise.resolve();
    const widgets = [...document.querySelectorAll('product-price')];
    expect(widgets.map((w) => w.getAttribute('product_id'))).toEqual(['2', '8123456000005']);
  });

  it('leaves nothing of its own when stopped', () => {
    window.Shopify = { country: 'LT' };
    document.body.innerHTML = dawnCard();
    startDawnCards()();
    expect(widget()).toBeNull();
    expect(priceBlock().hasAttribute(CARD_PRICE_STATE)).toBe(false);
    expect(document.getElementById('knitfront-dawn-cards')).toBeNull();
  });
});
