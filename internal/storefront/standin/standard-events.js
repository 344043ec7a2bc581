// knitfront dev's stand-in for Shopify's standard storefront events module
// (https://cdn.shopify.com/storefront/standard-events.js), which a theme's
// import map names as @shopify/events. Offline there is no CDN: the dev
// storefront serves this instead. Each event is a DOM event that bubbles,
// with its payload's fields (product, cart, action, promise, ...) on the
// event itself, as themes read them.

export const StandardEvents = {
  pageView: 'shopify:page:view',
  productView: 'shopify:product:view',
  collectionView: 'shopify:collection:view',
  cartView: 'shopify:cart:view',
  productSelect: 'shopify:product:select',
  cartLinesUpdate: 'shopify:cart:lines-update',
  cartNoteUpdate: 'shopify:cart:note-update',
  cartDiscountUpdate: 'shopify:cart:discount-update',
  cartError: 'shopify:cart:error',
  collectionUpdate: 'shopify:collection:update',
  searchUpdate: 'shopify:search:update',
};

class StandardEvent extends Event {
  constructor(type, init = {}) {
    super(type, { bubbles: true, composed: true });
    for (const [name, value] of Object.entries(init)) {
      Object.defineProperty(this, name, { value, enumerable: true });
    }
  }

  /** A promise with its resolve and reject, for an event's `promise`. */
  static createPromise() {
    let resolve;
    let reject;
    const promise = new Promise((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    return { promise, resolve, reject };
  }
}

const eventClass = (type) =>
  class extends StandardEvent {
    constructor(init) {
      super(type, init);
    }
  };

export const PageViewEvent = eventClass(StandardEvents.pageView);
export const ProductViewEvent = eventClass(StandardEvents.productView);
export const CollectionViewEvent = eventClass(StandardEvents.collectionView);
export const CartViewEvent = eventClass(StandardEvents.cartView);
export const ProductSelectEvent = eventClass(StandardEvents.productSelect);
export const CartLinesUpdateEvent = eventClass(StandardEvents.cartLinesUpdate);
export const CartNoteUpdateEvent = eventClass(StandardEvents.cartNoteUpdate);
export const CartDiscountUpdateEvent = eventClass(StandardEvents.cartDiscountUpdate);
export const CartErrorEvent = eventClass(StandardEvents.cartError);
export const CollectionUpdateEvent = eventClass(StandardEvents.collectionUpdate);
export const SearchUpdateEvent = eventClass(StandardEvents.searchUpdate);

const viewEvents = {
  product: ProductViewEvent,
  collection: CollectionViewEvent,
  cart: CartViewEvent,
};

/**
 * A custom element class that dispatches its view event once, from the
 * payload of its view-event-payload attribute ({"product": ...} and the
 * like): when it connects, or with defaultTrigger 'intersect' when it first
 * shows on the screen.
 */
export function createViewEventElement(Base, { defaultTrigger = 'connect' } = {}) {
  return class extends Base {
    #viewed = false;

    connectedCallback() {
      super.connectedCallback?.();
      if (defaultTrigger !== 'intersect') return this.#dispatchView();
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          this.#dispatchView();
        }
      });
      observer.observe(this);
    }

    #dispatchView() {
      if (this.#viewed) return;
      this.#viewed = true;
      let payload;
      try {
        payload = JSON.parse(this.getAttribute('view-event-payload') || '{}');
      } catch {
        return;
      }
      const kind = Object.keys(payload).find((name) => viewEvents[name]);
      if (kind) this.dispatchEvent(new viewEvents[kind](payload));
    }
  };
}
