// The bundle entry. The iOS Safari sweep runs first: this import must stay the first, so that
// the sweep clears storage before the modules below (the market store above all) read it.
import { sweepReloading } from './enhancers/ios-sweep-first';
// Then the market rules run, then each custom element registers and the enhancers start.
import { loadCartLibrary } from './api/cart-library';
import { debugRequested } from './config';
import { isProductPage } from './constants';
import { ColourPickerElement } from './elements/colour-picker';
import { CurrencySwitcherElement } from './elements/currency-switcher';
import { defineElement, defineOnDemand } from './elements/define';
import { DiscountBadgeElement } from './elements/discount-badge';
import { KnittersPageElement } from './elements/knitters-page';
import { PreorderStripElement } from './elements/preorder-strip';
import { ProductPriceElement } from './elements/product-price';
import { SizePickerElement } from './elements/size-picker';
import { recordCartChanges } from './api/cart-changes';
import { whenCartNeeded } from './enhancers/cart-needed';
import { initMarket } from './market/init';
import { injectStyles } from './styles';
import { chooseThemeAdapter } from './theme/adapters/choose';

// A page being reloaded by the sweep or replaced by the localization redirect needs nothing more.
if (!sweepReloading && initMarket() === 'ready') {
  injectStyles();
  const theme = chooseThemeAdapter();
  defineElement('product-price', ProductPriceElement);
  defineElement('discount-badge', DiscountBadgeElement);
  defineElement('currency-switcher', CurrencySwitcherElement);
  defineElement('knitters-page', KnittersPageElement);
  defineElement('colour-picker', ColourPickerElement);
  defineElement('size-picker', SizePickerElement);
  // The cart drawer's widgets come with its first item, and the developer panel shows only when
  // asked for: a product page seen first needs none of their code. A theme with a cart note of
  // its own (Dawn) has defined its element by the time the app embed loads the bundle, and keeps it.
  defineOnDemand('cart-note', () =>
    import('./elements/cart-note').then((module) => module.CartNoteElement),
  );
  defineOnDemand('cart-recommendation-card', () =>
    import('./elements/cart-recommendation-card').then(
      (module) => module.CartRecommendationCardElement,
    ),
  );
  if (debugRequested()) {
    defineOnDemand('dev-panel', () =>
      import('./elements/dev-panel').then((module) => module.DevPanelElement),
    );
  }
  // The buy buttons' enhancer is a chunk of its own: only a product page has buy buttons, and the
  // knitfront theme preloads the chunk there (snippets/knitfront-preload.liquid), so that it
  // arrives with the rest of the bundle. There the pre-order strip sits above the sticky footer
  // the enhancer puts up on a phone: it is defined once the enhancer has started, so that it
  // shows where it stays rather than at the bottom first.
  if (isProductPage()) {
    import('./enhancers/buy-buttons')
      .then(({ startBuyButtons }) => startBuyButtons(theme), reportError)
      .then(() => defineElement('preorder-strip', PreorderStripElement));
  } else {
    defineElement('preorder-strip', PreorderStripElement);
  }
  theme.start?.({
    loadCartTotals: () =>
      import('./enhancers/cart-drawer-totals').then(({ showCartTotals }) => showCartTotals),
  });
  // The theme's own scripts reach CartJS as the widgets do, loading it on their first cart action.
  window.knitfrontCartLibrary = loadCartLibrary;
  // The cart's enhancers (the totals in the display currency, the recalculation nudge) are chunks
  // of their own, requested once the page shows cart figures or the shopper begins a cart action:
  // no price waits for them, and a page seen with an empty cart needs none of their code.
  // The cart changes are recorded from that moment, so that an addition completing before the
  // chunks arrive is nudged all the same.
  whenCartNeeded(() => {
    const cartChanges = recordCartChanges();
    Promise.all([
      import('./enhancers/cart-drawer-totals'),
      import('./enhancers/cart-consistency'),
    ]).then(([{ startCartDrawerTotals }, { startCartConsistencyAfterLoad }]) => {
      startCartDrawerTotals();
      startCartConsistencyAfterLoad(cartChanges);
    }, reportError);
  });
}
document.documentElement.dataset.knitfront = 'loaded';
