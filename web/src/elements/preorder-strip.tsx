import { PreorderStrip } from '../components/PreorderStrip';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = ['handle', 'variantId', 'message'] as const;

/** <preorder-strip>: the selected variant's pre-order message. */
export class PreorderStripElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);

  render() {
    return <PreorderStrip {...readAttributes(this, ATTRIBUTES)} />;
  }
}
