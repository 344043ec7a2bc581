import { CurrencySwitcher } from '../components/CurrencySwitcher';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = ['rates_of', 'rates_stale', 'pay_currency'] as const;

/**
 * <currency-switcher>: the currency dropdown. The theme gives, from its locale files, what it says
 * of the rates: rates_of ('Rates of {date}'), rates_stale (why prices show in {currency}) and
 * pay_currency (the button back to {currency}, the market currency).
 */
export class CurrencySwitcherElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    const texts = readAttributes(this, ATTRIBUTES);
    return (
      <CurrencySwitcher
        ratesOf={texts.rates_of}
        ratesStale={texts.rates_stale}
        payCurrency={texts.pay_currency}
      />
    );
  }
}
