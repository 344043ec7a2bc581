import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketStore } from '../market/store';
// Changing the market currency fetches its rates: answered here, never from the network.
import '../test/api';
import { setMarket } from '../test/elements';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chargedRoomSnippet, dawnRoom } from './cart-charged-room';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the snippet that gives a charged line its room before the first paint', () => {
  it('is the theme snippet, written from the bundle (vitest -u writes it again)', async () => {
    await expect(chargedRoomSnippet()).toMatchFileSnapshot(
      '../../../theme/snippets/charged-line-room.liquid',
    );
  });

  /**
   * Runs the snippet's script as the browser does right after a charged line in the cart's
   * currency, and returns whether the line is left hidden.
   */
  function runAfterLine(cartCurrency: string): boolean {
    const script = /<script>([\s\S]*)<\/script>/.exec(chargedRoomSnippet())?.[1];
    if (!script) throw new Error('the snippet has no script');
    document.body.innerHTML = `<p data-cart-charged data-currency="${cartCurrency}" hidden></p>`;
    const line = document.querySelector<HTMLElement>('[data-cart-charged]')!;
    new Function('document', script)({ currentScript: { previousElementSibling: line } });
    return line.hasAttribute('hidden');
  }

  it('gives the line room when the display currency the bundle stored differs', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR' });
    marketStore.getState().setDisplayCurrency('USD');

    expect(runAfterLine('EUR')).toBe(false);
  });

  it('gives it none in the currency checkout charges', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD' });
    marketStore.getState().setDisplayCurrency('EUR');

    expect(runAfterLine('EUR')).toBe(true);
  });

  it('gives it none when no display currency is stored', () => {
    expect(runAfterLine('EUR')).toBe(true);
  });

  it('leaves the line as the theme rendered it when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });

    expect(runAfterLine('EUR')).toBe(true);
  });
});

describe("the app embed's Liquid that reserves the Dawn adapter's rows", () => {
  it('is in the app embed as the bundle writes it', () => {
    const embed = readFileSync(
      resolve(import.meta.dirname, '../../../extensions/knitfront/blocks/knitfront-embed.liquid'),
      'utf8',
    );

    expect(embed).toContain(dawnRoom());
  });

  /**
   * Runs the snippet's script as the browser does in the head of a page whose cart is in
   * cartCurrency and holds a pre-order or not, of a product page whose selected variant is a
   * pre-order or not (the Liquid rendered as Shopify does), and returns the classes it gave the
   * html element.
   */
  function runInHead(cartCurrency: string, dueLater: boolean, preorder = false): string[] {
    const script = /<script>([\s\S]*)<\/script>/
      .exec(dawnRoom())?.[1]
      ?.replace(/\{%- if due_later %\}([\s\S]*?)\{%- endif %\}/, dueLater ? '$1' : '')
      .replace(/\{%- if preorder %\}([\s\S]*?)\{%- endif %\}/, preorder ? '$1' : '')
      .replace('{{ cart.currency.iso_code | json }}', JSON.stringify(cartCurrency));
    if (!script) throw new Error('the snippet has no script');
    const root = document.createElement('html');
    new Function('document', script)({ documentElement: root });
    return [...root.classList];
  }

  it('reserves the charged line when the display currency the bundle stored differs', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR' });
    marketStore.getState().setDisplayCurrency('USD');

    expect(runInHead('EUR', false)).toEqual(['kf-room-charged']);
  });

  it('reserves the due later row for a pre-order, and no charged line in the cart currency', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD' });
    marketStore.getState().setDisplayCurrency('EUR');

    expect(runInHead('EUR', true)).toEqual(['kf-room-later']);
  });

  it("marks a pre-order's product page, whose charged line takes room with the currency's mark", () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR' });
    marketStore.getState().setDisplayCurrency('USD');

    expect(runInHead('EUR', false, true)).toEqual(['kf-room-preorder', 'kf-room-charged']);
  });

  it('reserves nothing when no display currency is stored and nothing is due later', () => {
    localStorage.clear();

    expect(runInHead('EUR', false)).toEqual([]);
  });

  it('still reserves the due later row when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });

    expect(runInHead('EUR', true)).toEqual(['kf-room-later']);
  });
});
