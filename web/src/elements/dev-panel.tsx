import { DevPanel } from '../components/DevPanel';
import { ReactElement } from './react-element';

/** <dev-panel>: the developer panel, shown only with ?debug or knitfrontConfig.debug. */
export class DevPanelElement extends ReactElement {
  render() {
    return <DevPanel />;
  }
}
