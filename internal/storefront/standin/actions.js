// knitfront dev's stand-in for Shopify.actions, which Shopify injects on
// every Liquid storefront: getCart, updateCart and openCart, each one
// callable and configurable (a theme sets updateCart's event target and
// openCart's handler).
(() => {
  const shopify = (window.Shopify = window.Shopify || {});
  if (shopify.actions) return;
  const action = (run) => {
    const options = {};
    const call = (...args) => run(options, ...args);
    call.configure = (more) => Object.assign(options, more);
    return call;
  };
  const cart = async (response) => {
    if (!response.ok) throw new Error(`the cart answered ${response.status}`);
    return response.json();
  };
  shopify.actions = {
    getCart: action(() => fetch('/cart.js', { headers: { Accept: 'application/json' } }).then(cart)),
    updateCart: action(async (options, update = {}) => {
      const updated = await fetch('/cart/update.js', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(update),
      }).then(cart);
      const target = typeof options.eventTarget === 'function' ? options.eventTarget() : document;
      const event = new Event('shopify:cart:lines-update', { bubbles: true, composed: true });
      Object.defineProperties(event, {
        action: { value: 'update' },
        promise: { value: Promise.resolve({ cart: { totalQuantity: updated.item_count }, detail: { itemCount: updated.item_count } }) },
      });
      (target ?? document).dispatchEvent(event);
      return updated;
    }),
    openCart: action((options) => (options.handler ? options.handler() : (window.location.href = '/cart'))),
  };
})();
