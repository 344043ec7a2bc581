import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIES, DEBUG_PARAM, DEV_PANEL_LABEL } from '../constants';
import { marketStore } from '../market/store';
import { change, setMarket } from '../test/elements';
import '../test/api';
import { DevPanel } from './DevPanel';

const panel = () => screen.queryByRole('complementary', { name: DEV_PANEL_LABEL });
const rows = () =>
  Object.fromEntries(
    [...(panel()?.querySelectorAll('dl > div') ?? [])].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]),
  );

afterEach(() => {
  window.history.replaceState(null, '', '/');
  delete window.knitfrontConfig;
  document.cookie = `${COOKIES.cartCurrency}=; max-age=0`;
  document.cookie = `${COOKIES.localization}=; max-age=0`;
});

describe('DevPanel', () => {
  it('shows nothing unless asked for', () => {
    render(<DevPanel />);

    expect(panel()).toBeNull();
  });

  it(`shows with the ${DEBUG_PARAM} query parameter`, () => {
    window.history.replaceState(null, '', `/products/hat?${DEBUG_PARAM}`);
    render(<DevPanel />);

    expect(panel()).not.toBeNull();
  });

  it('shows with debug in knitfrontConfig', () => {
    window.knitfrontConfig = { debug: true };
    render(<DevPanel />);

    expect(panel()).not.toBeNull();
  });

  it('shows the cookies and the stored values, and follows changes', async () => {
    window.history.replaceState(null, '', `/?${DEBUG_PARAM}=1`);
    document.cookie = `${COOKIES.cartCurrency}=EUR`;
    document.cookie = `${COOKIES.localization}=LT`;
    setMarket({ marketCurrency: 'EUR', displayCurrency: 'EUR', localization: 'LT' });
    render(<DevPanel />);

    expect(rows()).toEqual({
      'cookie cart_currency': 'EUR',
      'cookie localization': 'LT',
      'stored displayCurrency': 'EUR',
      'stored marketCurrency': 'EUR',
      'stored localization': 'LT',
    });

    await change(() => marketStore.getState().setDisplayCurrency('AUD'));
    expect(rows()['stored displayCurrency']).toBe('AUD');
  });

  it('marks a missing value', () => {
    window.history.replaceState(null, '', `/?${DEBUG_PARAM}`);
    render(<DevPanel />);

    expect(rows()['cookie cart_currency']).toBe('—');
  });
});
