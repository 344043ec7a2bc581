import { afterEach, describe, expect, it } from 'vitest';
import { EVENTS } from '../../constants';
import { startDawnProductPrice } from './dawn-product-price';

/** Dawn's product section: the selected variant its picker prints, and its price block. */
function dawnProduct(variant: unknown) {
  const json = variant === undefined ? '' : JSON.stringify(variant);
  document.body.innerHTML = `
    <product-info data-section="main">
      <div id="price-main" role="status"><div class="price"><span class="price-item">€139,00 EUR</span></div></div>
      <variant-selects>${json && `<script type="application/json" data-selected-variant>${json}</script>`}</variant-selects>
    </product-info>`;
}

const OAT = { id: 45123456000101, price: 12900, compare_at_price: null };
const RUST = { id: 45123456000501, price: 13900, compare_at_price: 16900 };

const wrapper = () => document.getElementById('price-main')!;
const widget = () => wrapper().querySelector<HTMLElement>('product-price');
const attributes = () =>
  Object.fromEntries([...(widget()?.attributes ?? [])].map(({ name, value }) => [name, value]));

let stop: () => void = () => {};
afterEach(() => {
  stop();
  delete window.Shopify;
  document.body.innerHTML = '';
});

describe("Dawn's product page price", () => {
  it.each([
    {
      name: 'a variant on sale',
      variant: RUST,
      want: {
        price_minor: '13900',
        compared_at_minor: '16900',
        iso_code: 'LT',
        variant_id: '45123456000501',
      },
    },
    {
      name: 'a variant at its regular price',
      variant: OAT,
      want: { price_minor: '12900', iso_code: 'LT', variant_id: '45123456000101' },
    },
    { name: 'no selected variant printed', variant: undefined, want: {} },
    { name: 'a variant of another shape', variant: { ID: 1, Price: 100 }, want: {} },
  ])('$name: the widget placed with $want', ({ variant, want }) => {
    window.Shopify = { country: 'LT' };
    dawnProduct(variant);
    stop = startDawnProductPrice();
    expect(attributes()).toEqual(want);
  });

  it('places nothing when Shopify tells no country', () => {
    dawnProduct(OAT);
    stop = startDawnProductPrice();
    expect(widget()).toBeNull();
  });

  it("shows Dawn's price until the widget shows its own", () => {
    window.Shopify = { country: 'LT' };
    dawnProduct(OAT);
    stop = startDawnProductPrice();
    expect(wrapper().hasAttribute('data-kf-price-shown')).toBe(false);
    widget()!.dispatchEvent(new CustomEvent(EVENTS.priceShown, { bubbles: true }));
    expect(wrapper().hasAttribute('data-kf-price-shown')).toBe(true);
  });

  it('places the widget again for the variant Dawn renders next', async () => {
    window.Shopify = { country: 'LT' };
    dawnProduct(OAT);
    stop = startDawnProductPrice();
    widget()!.dispatchEvent(new CustomEvent(EVENTS.priceShown, { bubbles: true }));
    // Dawn's product-info: the picker's selected variant, then the price block's HTML.
    document.querySelector('[data-selected-variant]')!.textContent = JSON.stringify(RUST);
    wrapper().innerHTML = '<div class="price price--on-sale"></div>';
    await Promise.resolve();
    expect(attributes()).toMatchObject({ variant_id: '45123456000501', price_minor: '13900' });
    expect(wrapper().querySelectorAll('product-price')).toHaveLength(1);
    expect(wrapper().hasAttribute('data-kf-price-shown')).toBe(false);
  });

  it("takes the height Dawn's price had, for the first variant and the next", async () => {
    window.Shopify = { country: 'LT' };
    dawnProduct(OAT);
    Object.defineProperty(wrapper().querySelector('.price')!, 'offsetHeight', { value: 29 });
    stop = startDawnProductPrice();
    expect(widget()!.style.height).toBe('29px');
    widget()!.dispatchEvent(new CustomEvent(EVENTS.priceShown, { bubbles: true }));
    // Dawn's price of the next variant is hidden behind the widget's: it has no height to take.
    document.querySelector('[data-selected-variant]')!.textContent = JSON.stringify(RUST);
    wrapper().innerHTML = '<div class="price price--on-sale"></div>';
    await Promise.resolve();
    expect(widget()!.style.height).toBe('29px');
  });

  it('leaves nothing of its own when stopped', () => {
    window.Shopify = { country: 'LT' };
    dawnProduct(OAT);
    startDawnProductPrice()();
    expect(widget()).toBeNull();
    expect(document.getElementById('knitfront-dawn-product-price')).toBeNull();
  });
});
