import type { ComponentType } from 'react';
import { ReactElement } from './react-element';

let KnittersPage: ComponentType | undefined;
let loading: Promise<void> | undefined;

/**
 * <knitters-page>: the 'All Knitters' page; it takes no attributes. Its code is a chunk of its
 * own, loaded the first time the element is on a page, so that no other page pays for it; until
 * it arrives the theme's fallback (the title and the grey placeholder) shows.
 */
export class KnittersPageElement extends ReactElement {
  connectedCallback() {
    if (KnittersPage) {
      super.connectedCallback();
      return;
    }
    loading ??= import('../knitters/knitters-page').then((page) => {
      KnittersPage = page.KnittersPage;
    });
    loading.then(() => {
      if (this.isConnected) super.connectedCallback();
    }, reportError);
  }

  render() {
    return KnittersPage && <KnittersPage />;
  }
}
