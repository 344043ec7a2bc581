import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketStore } from '../market/store';
import { setMarket } from '../test/elements';
import { chargedRoomSnippet } from './cart-charged-room';

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
