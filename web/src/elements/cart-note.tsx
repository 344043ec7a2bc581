import { CartNote } from '../components/CartNote';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = ['note', 'form_id', 'field_id', 'label'] as const;

/** <cart-note>: the cart note box, saving the note as the shopper types. */
export class CartNoteElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    return <CartNote {...readAttributes(this, ATTRIBUTES)} />;
  }
}
