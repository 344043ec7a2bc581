import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_SWITCHER_LABEL } from '../constants';
import { marketStore } from '../market/store';
import { EUR_RATES } from '../test/api';
import { setMarket } from '../test/elements';
import '../test/server';
import { CurrencySwitcher, ratesLine } from './CurrencySwitcher';

const button = () => screen.getByRole('button', { name: new RegExp(CURRENCY_SWITCHER_LABEL) });
const list = () => screen.queryByRole('listbox');
const displayCurrency = () => marketStore.getState().displayCurrency;

beforeEach(() => {
  setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', rates: { EUR: EUR_RATES } });
});

describe('CurrencySwitcher', () => {
  it('shows the display currency with its symbol', () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'GBP' });
    render(<CurrencySwitcher />);

    expect(button().textContent).toBe(`${CURRENCY_SWITCHER_LABEL}: £GBP`);
  });

  it('toggles open and closed, saying so with aria-expanded', async () => {
    const user = userEvent.setup();
    render(<CurrencySwitcher />);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(list()).toBeNull();

    await user.click(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      CURRENCIES.map(({ currency, symbol }) => symbol + currency),
    );

    await user.click(button());
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(list()).toBeNull();
  });

  it('closes and sets the display currency when an option is chosen', async () => {
    const user = userEvent.setup();
    render(<CurrencySwitcher />);

    await user.click(button());
    await user.click(screen.getByRole('option', { name: /AUD/ }));

    expect(displayCurrency()).toBe('AUD');
    expect(list()).toBeNull();
    expect(button().textContent).toContain('AUD');
  });

  it('marks the display currency selected', async () => {
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'USD' });
    const user = userEvent.setup();
    render(<CurrencySwitcher />);

    await user.click(button());

    expect(screen.getByRole('option', { selected: true }).textContent).toBe('$USD');
  });

  it('closes when the shopper clicks elsewhere, changing nothing', async () => {
    const user = userEvent.setup();
    render(
      <>
        <CurrencySwitcher />
        <p>elsewhere</p>
      </>,
    );

    await user.click(button());
    await user.click(screen.getByText('elsewhere'));

    expect(list()).toBeNull();
    expect(displayCurrency()).toBe('EUR');
  });
});

describe('CurrencySwitcher keyboard', () => {
  it('opens with Enter, moves with the arrows and chooses with Enter', async () => {
    const user = userEvent.setup();
    render(<CurrencySwitcher />);
    button().focus();

    await user.keyboard('{Enter}');
    expect(list()).toBe(document.activeElement);
    expect(list()?.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /EUR/ }).id,
    );

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(list()?.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: /GBP/ }).id,
    );

    await user.keyboard('{Enter}');
    expect(displayCurrency()).toBe('GBP');
    expect(list()).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('wraps around with the arrows', async () => {
    const user = userEvent.setup();
    render(<CurrencySwitcher />);
    button().focus();

    await user.keyboard('{Enter}{ArrowUp}{Enter}');

    expect(displayCurrency()).toBe('USD');
  });

  it('opens with the down arrow on the button', async () => {
    const user = userEvent.setup();
    render(<CurrencySwitcher />);
    button().focus();

    await user.keyboard('{ArrowDown}');

    expect(button().getAttribute('aria-expanded')).toBe('true');
  });

  it('closes with Escape, changing nothing, and gives focus back to the button', async () => {
    const user = userEvent.setup();
    render(<CurrencySwitcher />);
    button().focus();

    await user.keyboard('{Enter}{ArrowDown}{Escape}');

    expect(list()).toBeNull();
    expect(displayCurrency()).toBe('EUR');
    expect(document.activeElement).toBe(button());
  });
});

const TEXTS = {
  ratesOf: 'Rates of {date}',
  ratesStale: 'The rates of {date} are out of date, so prices show in {currency}.',
  payCurrency: 'Show prices in {currency}, the currency you pay in',
};

describe('ratesLine', () => {
  const cases = [
    { name: 'fresh rates', day: { date: '2026-11-20', stale: false }, want: 'Rates of 20 Nov' },
    {
      name: 'stale rates',
      day: { date: '2026-11-02', stale: true },
      want: 'The rates of 2 Nov are out of date, so prices show in EUR.',
    },
    { name: 'rates without a day', day: { date: null, stale: false }, want: null },
    { name: 'no answer yet', day: undefined, want: null },
  ];
  for (const { name, day, want } of cases) {
    it(`says ${String(want)} for ${name}`, () => {
      expect(ratesLine(day, 'EUR', TEXTS)).toBe(want);
    });
  }

  it('says nothing when the theme gives no text', () => {
    expect(ratesLine({ date: '2026-11-20', stale: false }, 'EUR', {})).toBeNull();
  });
});

describe('CurrencySwitcher rates', () => {
  it('says the rates of the day under the list', async () => {
    setMarket({
      marketCurrency: 'EUR',
      displayCurrency: 'EUR',
      rates: { EUR: EUR_RATES },
      ratesDays: { EUR: { date: '2026-11-20', stale: false } },
    });
    const user = userEvent.setup();
    render(<CurrencySwitcher {...TEXTS} />);

    await user.click(button());

    expect(screen.getByText('Rates of 20 Nov')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /you pay in/ })).toBeNull();
  });

  it('says why prices show in the market currency when the rates are stale', async () => {
    setMarket({
      marketCurrency: 'EUR',
      displayCurrency: 'USD',
      rates: { EUR: null },
      ratesDays: { EUR: { date: '2026-11-02', stale: true } },
    });
    const user = userEvent.setup();
    render(<CurrencySwitcher {...TEXTS} />);

    await user.click(button());

    expect(
      screen.getByText('The rates of 2 Nov are out of date, so prices show in EUR.'),
    ).toBeTruthy();
  });

  it('goes back to the market currency in one click on its button', async () => {
    setMarket({
      marketCurrency: 'EUR',
      displayCurrency: 'USD',
      rates: { EUR: EUR_RATES },
      ratesDays: { EUR: { date: '2026-11-20', stale: false } },
    });
    const user = userEvent.setup();
    render(<CurrencySwitcher {...TEXTS} />);

    await user.click(button());
    await user.click(
      screen.getByRole('button', { name: 'Show prices in EUR, the currency you pay in' }),
    );

    expect(displayCurrency()).toBe('EUR');
    expect(list()).toBeNull();
  });

  it('closes when focus leaves it with Tab', async () => {
    const user = userEvent.setup();
    render(
      <>
        <CurrencySwitcher {...TEXTS} />
        <a href="#next">next</a>
      </>,
    );
    button().focus();

    await user.keyboard('{Enter}');
    await user.tab();

    expect(list()).toBeNull();
  });
});
