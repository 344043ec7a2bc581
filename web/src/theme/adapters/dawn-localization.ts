import { marketStore, type MarketStore } from '../../market/store';

/**
 * A country of one of Dawn's localization forms (the header's, the header drawer's, the
 * announcement bar's, the footer's): a link whose data-value is the country's code.
 */
const COUNTRY_LINK = 'localization-form a[data-value]';
/** The input of a localization form that chooses the country (another chooses the language). */
const COUNTRY_INPUT = 'input[name="country_code"]';

/** The localization form around an element, when it is one that chooses the country. */
function countryForm(element: Element): HTMLFormElement | null {
  const form = element.closest('localization-form')?.querySelector('form') ?? null;
  return form?.querySelector(COUNTRY_INPUT) ? form : null;
}

/**
 * Makes a country chosen in Dawn's own selectors stick. Dawn's localization-form.js puts the
 * clicked country in the form and submits it to /localization, and the shop sends the shopper
 * back with the new country's cookie but no ?country=; knitfront's market rules would then find
 * the country stored in the browser differing from the cookie and send the shopper back to the
 * old one. So the choice is stored as ?country= stores it (the market, both currencies) as the
 * shopper makes it, before Dawn submits the form. Returns the function that stops.
 */
export function startDawnCountrySelectors(store: MarketStore = marketStore): () => void {
  const choose = (country: string | undefined) => {
    if (country) store.getState().setCountry(country);
  };
  // In the capture phase: Dawn's own listener on the link submits the form.
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest(COUNTRY_LINK) : null;
    if (link instanceof HTMLElement && countryForm(link)) choose(link.dataset.value);
  };
  // A form sent another way (a theme built on Dawn with a submit button, say).
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? countryForm(event.target) : null;
    choose(form?.querySelector<HTMLInputElement>(COUNTRY_INPUT)?.value);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
  };
}
