import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/memory-storage';
import { createMarketStore } from '../../market/store';
import { startDawnCountrySelectors } from './dawn-localization';

/** One of Dawn's localization forms: a list of links, and the hidden input Dawn's script fills. */
function dawnForm(id: string, input: 'country_code' | 'locale_code', values: string[]): string {
  return `
    <localization-form>
      <form id="${id}" method="post" action="/localization">
        <ul>${values.map((value) => `<li><a href="#" data-value="${value}">${value}</a></li>`).join('')}</ul>
        <input type="hidden" name="${input}" value="${values[0]}">
      </form>
    </localization-form>`;
}

function setup() {
  const storage = memoryStorage({
    localization: 'LT',
    marketCurrency: 'EUR',
    displayCurrency: 'GBP',
  });
  const fetchRates = vi.fn(async () => null);
  const store = createMarketStore({ storage, session: memoryStorage(), fetchRates });
  document.body.innerHTML =
    dawnForm('HeaderCountryForm', 'country_code', ['LT', 'US', 'AU']) +
    dawnForm('FooterLanguageForm', 'locale_code', ['en', 'de']);
  // Dawn's localization-form.js: the link's value into the input, then form.submit(), which
  // raises no submit event.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-value]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      link.closest('form')!.querySelector('input')!.value = link.dataset.value!;
    });
  }
  stop = startDawnCountrySelectors(store);
  const stored = () => ({
    localization: storage.getItem('localization'),
    marketCurrency: storage.getItem('marketCurrency'),
    displayCurrency: storage.getItem('displayCurrency'),
  });
  return { stored };
}

let stop: () => void = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe("Dawn's country selectors", () => {
  it.each([
    { country: 'US', want: { localization: 'US', marketCurrency: 'USD', displayCurrency: 'USD' } },
    { country: 'AU', want: { localization: 'AU', marketCurrency: 'AUD', displayCurrency: 'AUD' } },
  ])('a click on $country stores its market as ?country= does', ({ country, want }) => {
    const { stored } = setup();
    document.querySelector<HTMLElement>(`#HeaderCountryForm a[data-value="${country}"]`)!.click();
    expect(stored()).toEqual(want);
  });

  it('a country form submitted another way stores its country', () => {
    const { stored } = setup();
    const form = document.querySelector<HTMLFormElement>('#HeaderCountryForm')!;
    form.querySelector('input')!.value = 'AU';
    form.addEventListener('submit', (event) => event.preventDefault());
    form.requestSubmit();
    expect(stored().localization).toBe('AU');
  });

  it('a language chosen changes nothing of the market', () => {
    const { stored } = setup();
    document.querySelector<HTMLElement>('#FooterLanguageForm a[data-value="de"]')!.click();
    expect(stored()).toEqual({ localization: 'LT', marketCurrency: 'EUR', displayCurrency: 'GBP' });
  });

  it('listens no more once stopped', () => {
    const { stored } = setup();
    stop();
    document.querySelector<HTMLElement>('#HeaderCountryForm a[data-value="US"]')!.click();
    expect(stored().localization).toBe('LT');
  });
});
