import { ColourPicker } from '../components/ColourPicker';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = ['options', 'selected'] as const;

/** <colour-picker>: the colour selector; options is the JSON list of colour options. */
export class ColourPickerElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    return <ColourPicker {...readAttributes(this, ATTRIBUTES)} />;
  }
}
