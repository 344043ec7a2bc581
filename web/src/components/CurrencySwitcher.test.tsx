import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_SWITCHER_LABEL } from '../constants';
import { marketStore } from '../market/store';
import { EUR_RATES } from '../test/api';
import { setMarket } from '../test/elements';
import '../test/server';
import { CurrencySwitcher } from './CurrencySwitcher';

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
