import { CurrencySwitcher } from '../components/CurrencySwitcher';
import { ReactElement } from './react-element';

/** <currency-switcher>: the currency dropdown; it takes no attributes. */
export class CurrencySwitcherElement extends ReactElement {
  render() {
    return <CurrencySwitcher />;
  }
}
