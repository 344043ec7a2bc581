/*
 * The theme's own scripts, in the manner of Dawn's global.js: small custom
 * elements and delegated handlers for the cart drawer, product forms,
 * quantities, variant pickers, the pre-order button and the country
 * selector. Cart changes use Shopify's AJAX cart API and re-render the
 * sections they touch with the Section Rendering API.
 *
 * Events this theme raises, for the knitfront widgets (names fixed by the
 * page events of docs/design.md):
 * - knitfront:preorder-show, with window.knitfrontPreorderShown = true, when
 *   the selected variant is open for pre-order; knitfront:preorder-hide, the
 *   flag false, when a variant bought outright is selected after one;
 * - knitfront:cart-updated, its detail the cart (as /cart.js gives it), after
 *   the theme changes the cart; its cartRequest names the cart call that
 *   changed it ('/cart/add.js', '/cart/change.js').
 */
(function () {
  'use strict';

  const EVENTS = {
    preorderShow: 'knitfront:preorder-show',
    preorderHide: 'knitfront:preorder-hide',
    cartUpdated: 'knitfront:cart-updated',
    cartLibraryLoaded: 'knitfront:cart-library-loaded',
  };

  // The sections every cart change renders again; a cart page adds its own
  // with data-cart-section.
  const CART_SECTIONS = ['cart-drawer', 'cart-icon-bubble'];

  const jsonHeaders = { 'Content-Type': 'application/json', Accept: 'application/json' };

  function cartSectionIds() {
    const own = Array.from(
      document.querySelectorAll('[data-cart-section]'),
      (el) => el.dataset.cartSection,
    );
    return CART_SECTIONS.concat(own);
  }

  // Puts freshly rendered sections in place of the page's. The cart drawer
  // stays open if it was.
  function renderSections(sections) {
    if (!sections) return;
    const drawerWasOpen = document.querySelector('cart-drawer.active') !== null;
    Object.entries(sections).forEach(([id, html]) => {
      if (html == null) return;
      const fresh = new DOMParser()
        .parseFromString(html, 'text/html')
        .getElementById('shopify-section-' + id);
      if (!fresh) return;
      const target =
        id === 'cart-icon-bubble'
          ? document.getElementById('cart-icon-bubble')
          : document.getElementById('shopify-section-' + id);
      if (target) target.innerHTML = fresh.innerHTML;
    });
    const drawer = document.querySelector('cart-drawer');
    if (drawer && drawerWasOpen) drawer.open(null, { instant: true });
  }

  // shownCart sums up the cart the page shows: its lines and totals. A
  // change that leaves them as they are (a note saved as the shopper types)
  // renders nothing again, so the field being typed in stays put.
  let shownCart = null;

  function summary(cart) {
    const lines = (cart.items || []).map((item) => [
      item.key,
      item.quantity,
      item.final_line_price,
    ]);
    return JSON.stringify([cart.item_count, cart.total_price, cart.currency, lines]);
  }

  // themeDispatching is set while the theme announces its own change, so
  // that its listener does not render the sections a second time.
  let themeDispatching = false;

  function publishCart(cart, cartRequest) {
    shownCart = summary(cart);
    if (window.CartJS && window.CartJS.cart) window.CartJS.cart.update(cart);
    themeDispatching = true;
    try {
      const event = new CustomEvent(EVENTS.cartUpdated, { detail: cart });
      event.cartRequest = cartRequest;
      document.dispatchEvent(event);
    } finally {
      themeDispatching = false;
    }
  }

  // Changes made elsewhere, by the widgets through CartJS or their own
  // calls, show in the drawer and the cart icon too.
  async function showChangedCart(cart) {
    if (themeDispatching || (cart && summary(cart) === shownCart)) return;
    if (cart) shownCart = summary(cart);
    const response = await fetch(
      window.location.pathname + '?sections=' + cartSectionIds().join(','),
      { headers: { Accept: 'application/json' } },
    );
    if (response.ok) renderSections(await response.json());
  }

  document.addEventListener(EVENTS.cartUpdated, (event) => showChangedCart(event.detail));
  // CartJS's events, once the widgets have loaded jQuery and CartJS for a
  // cart action (or at once, should a page load them itself).
  function listenToCartJS() {
    window.jQuery(document).on('cart.ready', (event, cart) => (shownCart = summary(cart)));
    window.jQuery(document).on('cart.requestComplete', (event, cart) => showChangedCart(cart));
  }
  if (window.jQuery) listenToCartJS();
  else document.addEventListener(EVENTS.cartLibraryLoaded, listenToCartJS, { once: true });

  class CartDrawer extends HTMLElement {
    connectedCallback() {
      this.querySelector('#CartDrawer-Overlay')?.addEventListener('click', () => this.close());
      this.querySelector('.drawer__close')?.addEventListener('click', () => this.close());
      this.addEventListener('keyup', (event) => {
        if (event.code === 'Escape') this.close();
      });
    }

    open(opener, { instant = false } = {}) {
      if (opener) this.opener = opener;
      this.classList.toggle('drawer--instant', instant);
      this.classList.add('animate', 'active');
      document.body.classList.add('overflow-hidden');
      requestAnimationFrame(() =>
        this.querySelector('.drawer__inner')?.focus({ preventScroll: true }),
      );
    }

    close() {
      this.classList.remove('active');
      document.body.classList.remove('overflow-hidden');
      this.opener?.focus();
    }
  }
  if (!customElements.get('cart-drawer')) customElements.define('cart-drawer', CartDrawer);

  // The cart icon opens the drawer, except on the cart page itself.
  document.addEventListener('click', (event) => {
    const icon = event.target.closest('#cart-icon-bubble');
    const drawer = document.querySelector('cart-drawer');
    if (!icon || !drawer || document.querySelector('[data-cart-section]')) return;
    event.preventDefault();
    drawer.open(icon);
  });

  // Every product form adds through /cart/add.js, wherever it is: the product
  // page, a copy of it in the sticky footer, or a recommendation card.
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute('action') !== '/cart/add') return;
    event.preventDefault();
    const container = form.closest('product-form');
    const buttons = form.querySelectorAll('button[type="submit"]');
    buttons.forEach((b) => b.setAttribute('aria-disabled', 'true'));
    showFormError(container, '');
    const body = new FormData(form);
    body.set('sections', cartSectionIds().join(','));
    body.set('sections_url', window.location.pathname);
    try {
      const response = await fetch('/cart/add.js', {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      });
      const answer = await response.json();
      if (!response.ok) {
        showFormError(container, answer.description || answer.message);
        return;
      }
      renderSections(answer.sections);
      const opener = document.getElementById('cart-icon-bubble');
      document.querySelector('cart-drawer')?.open(opener);
      const cart = await (
        await fetch('/cart.js', { headers: { Accept: 'application/json' } })
      ).json();
      publishCart(cart, '/cart/add.js');
    } catch (error) {
      showFormError(container, window.knitfrontTheme.strings.addError);
    } finally {
      buttons.forEach((b) => b.removeAttribute('aria-disabled'));
    }
  });

  function showFormError(container, message) {
    const wrapper = container?.querySelector('.product-form__error-message-wrapper');
    if (!wrapper) return;
    wrapper.hidden = !message;
    wrapper.querySelector('.product-form__error-message').textContent = message;
  }

  // Quantity buttons step their input; in the cart, a changed quantity or a
  // remove link changes the line through /cart/change.js.
  class QuantityInput extends HTMLElement {
    connectedCallback() {
      this.input = this.querySelector('input');
      this.querySelectorAll('button').forEach((button) =>
        button.addEventListener('click', (event) => {
          event.preventDefault();
          const before = this.input.value;
          if (button.name === 'plus') this.input.stepUp();
          else this.input.stepDown();
          if (before !== this.input.value)
            this.input.dispatchEvent(new Event('change', { bubbles: true }));
        }),
      );
    }
  }
  if (!customElements.get('quantity-input')) customElements.define('quantity-input', QuantityInput);

  document.addEventListener('change', (event) => {
    const input = event.target.closest('[data-cart-items] .quantity__input');
    if (!input) return;
    const line = input.closest('.cart-item');
    changeLine(line.dataset.key, Math.max(0, parseInt(input.value, 10) || 0), line);
  });

  document.addEventListener('click', (event) => {
    const remove = event.target.closest('[data-cart-items] .cart-item__remove');
    if (!remove) return;
    event.preventDefault();
    const line = remove.closest('.cart-item');
    changeLine(line.dataset.key, 0, line);
  });

  async function changeLine(key, quantity, line) {
    line.classList.add('cart-item--updating');
    try {
      const response = await fetch('/cart/change.js', {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({
          id: key,
          quantity,
          sections: cartSectionIds(),
          sections_url: window.location.pathname,
        }),
      });
      const answer = await response.json();
      if (!response.ok) {
        line.classList.remove('cart-item--updating');
        window.alert(answer.description || window.knitfrontTheme.strings.cartError);
        return;
      }
      const { sections, ...cart } = answer;
      renderSections(sections);
      publishCart(cart, '/cart/change.js');
    } catch (error) {
      line.classList.remove('cart-item--updating');
      window.alert(window.knitfrontTheme.strings.cartError);
    }
  }

  // The variant pickers are links to ?variant=; with scripts, a click selects
  // the variant in place: the product section is rendered for it, and the
  // parts that depend on the variant take what changed. Attributes are copied
  // onto the elements already there, so the widgets and enhancers watching
  // them keep working; content is copied only into elements no script has
  // taken over.
  //
  // The section is asked for as the link is pressed (pointerdown): the click
  // comes once the finger or the button is released, on a phone a tap's
  // length later, and by then the answer is on its way. A press that ends in
  // no click (a scroll) leaves its answer unused; the next press replaces it,
  // and a click with no press (the keyboard's) asks again.
  class VariantSelects extends HTMLElement {
    connectedCallback() {
      this.addEventListener('pointerdown', (event) => {
        const variantId = this.variantOf(event);
        if (!variantId) return;
        const section = this.fetchSection(variantId);
        // A failed fetch that no click awaits is no error of the page's.
        section.catch(() => {});
        this.pressed = { variantId, section };
      });
      this.addEventListener('click', (event) => {
        const variantId = this.variantOf(event);
        if (!variantId) return;
        event.preventDefault();
        // A click of the keyboard's (detail 0) had no press: it asks itself.
        const pressed = event.detail > 0 ? this.pressed : null;
        this.pressed = null;
        this.select(
          variantId,
          pressed && pressed.variantId === variantId
            ? pressed.section
            : this.fetchSection(variantId),
        );
      });
    }

    // The variant of this product a link in the pickers selects, if any.
    variantOf(event) {
      const link = event.target.closest('a[href]');
      if (!link) return null;
      const url = new URL(link.href, window.location.href);
      if (url.pathname !== this.dataset.url) return null;
      return url.searchParams.get('variant');
    }

    addressOf(variantId) {
      return this.dataset.url + '?variant=' + encodeURIComponent(variantId);
    }

    // The section rendered for a variant: its HTML, or null when the server
    // answers with an error.
    async fetchSection(variantId) {
      const response = await fetch(
        this.addressOf(variantId) + '&section_id=' + encodeURIComponent(this.dataset.section),
      );
      return response.ok ? response.text() : null;
    }

    // Selects a variant once its section (fetchSection's answer) has come.
    async select(variantId, sectionHtml) {
      const address = this.addressOf(variantId);
      const html = await sectionHtml;
      if (html === null) {
        window.location.href = address;
        return;
      }
      // Parsed into a template, whose content is inert as a DOMParser document
      // is (no script runs, no image loads, no widget upgrades) and costs less
      // than a whole new document: 1.8 ms against 4.7 ms at 4× CPU.
      const fresh = document.createElement('template');
      fresh.innerHTML = html;
      const rootId = 'MainProduct-' + this.dataset.section;
      const section = document.getElementById(rootId);
      const freshSection = fresh.content.getElementById(rootId);
      section.querySelectorAll('[data-variant-sync]').forEach((part) => {
        const freshPart = freshSection.querySelector(
          '[data-variant-sync="' + part.dataset.variantSync + '"]',
        );
        if (freshPart) syncPart(part, freshPart);
      });
      const disabled = freshSection.querySelector('input[name="id"]').disabled;
      document
        .querySelectorAll('form[data-section="' + this.dataset.section + '"] input[name="id"]')
        .forEach((input) => {
          input.value = variantId;
          input.disabled = disabled;
        });
      window.history.replaceState({}, '', address);
    }
  }
  if (!customElements.get('variant-selects'))
    customElements.define('variant-selects', VariantSelects);

  // The theme's own elements; any other defined custom element is a widget
  // that renders its own content.
  const THEME_ELEMENTS = new Set([
    'cart-drawer',
    'cart-drawer-items',
    'cart-items',
    'localization-form',
    'preorder-button',
    'product-form',
    'quantity-input',
    'variant-selects',
  ]);

  function isTakenOver(element) {
    return (
      !THEME_ELEMENTS.has(element.localName) && customElements.get(element.localName) !== undefined
    );
  }

  function copyAttributes(target, source) {
    Array.from(target.attributes).forEach((attribute) => {
      if (!source.hasAttribute(attribute.name)) target.removeAttribute(attribute.name);
    });
    Array.from(source.attributes).forEach((attribute) => {
      if (target.getAttribute(attribute.name) !== attribute.value)
        target.setAttribute(attribute.name, attribute.value);
    });
  }

  // Brings a part of the page to its freshly rendered form, changing as
  // little as it can: attributes always; the content of a widget no longer,
  // once its script has taken it over; and a buy button's text only when its
  // availability changes, since the buy button enhancer writes that text.
  function syncPart(part, fresh) {
    const wasDisabled = part.disabled;
    copyAttributes(part, fresh);
    if (isTakenOver(part)) return;
    if (part.localName === 'button') {
      if (wasDisabled !== part.disabled) part.innerHTML = fresh.innerHTML;
      return;
    }
    const children = Array.from(part.children);
    const freshChildren = Array.from(fresh.children);
    const sameShape =
      children.length === freshChildren.length &&
      children.every((child, i) => child.localName === freshChildren[i].localName) &&
      ownText(part) === ownText(fresh);
    if (sameShape) {
      children.forEach((child, i) => syncPart(child, freshChildren[i]));
    } else {
      part.innerHTML = fresh.innerHTML;
    }
  }

  function ownText(element) {
    return Array.from(element.childNodes, (node) =>
      node.nodeType === Node.TEXT_NODE ? node.textContent.trim() : '',
    ).join('');
  }

  // The pre-order button tells the widgets when the selected variant is open
  // for pre-order; the flag serves a listener that starts later.
  class PreorderButton extends HTMLElement {
    static get observedAttributes() {
      return ['data-preorder'];
    }

    connectedCallback() {
      this.announce();
    }

    attributeChangedCallback() {
      if (this.isConnected) this.announce();
    }

    announce() {
      const shown = this.dataset.preorder === 'true';
      const was = window.knitfrontPreorderShown === true;
      window.knitfrontPreorderShown = shown;
      if (shown || was) {
        document.dispatchEvent(
          new CustomEvent(shown ? EVENTS.preorderShow : EVENTS.preorderHide, {
            detail: { variantId: Number(this.dataset.variantId) },
          }),
        );
      }
    }
  }
  if (!customElements.get('preorder-button'))
    customElements.define('preorder-button', PreorderButton);

  // The country selector posts as soon as a country is chosen, and comes back
  // to this page with ?country=, which the widgets' market store follows:
  // without it, their stored country, now unlike the cookie's, would send
  // the shopper back to the old one.
  class LocalizationForm extends HTMLElement {
    connectedCallback() {
      const select = this.querySelector('select');
      select?.addEventListener('change', () => {
        const back = new URL(window.location.href);
        back.searchParams.set('country', select.value);
        let returnTo = select.form.querySelector('input[name="return_to"]');
        if (!returnTo) {
          returnTo = document.createElement('input');
          returnTo.type = 'hidden';
          returnTo.name = 'return_to';
          select.form.append(returnTo);
        }
        returnTo.value = back.pathname + back.search;
        select.form.submit();
      });
    }
  }
  if (!customElements.get('localization-form'))
    customElements.define('localization-form', LocalizationForm);

  // The recommendation card's arrows run these (its onPrevious and onNext):
  // they show the previous or next product of the drawer's list.
  function showRecommendation(step) {
    const card = document.querySelector('cart-recommendation-card');
    const list = document.getElementById('CartDrawer-Recommendations');
    if (!card || !list) return;
    const items = JSON.parse(list.textContent);
    if (items.length === 0) return;
    const current = items.findIndex((item) => String(item.id) === card.getAttribute('id'));
    const next = items[(current + step + items.length) % items.length];
    ['id', 'title', 'featured_image', 'price', 'url'].forEach((name) =>
      card.setAttribute(name, String(next[name])),
    );
  }

  window.knitfrontTheme = Object.assign(window.knitfrontTheme || {}, {
    recommendations: {
      previous: () => showRecommendation(-1),
      next: () => showRecommendation(1),
    },
  });
})();
