import { SizePicker } from '../components/SizePicker';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = ['options', 'selected'] as const;

/** <size-picker>: the size pills; options is the JSON list of size options. */
export class SizePickerElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    return <SizePicker {...readAttributes(this, ATTRIBUTES)} />;
  }
}
