import { BUY_BUTTON_TEXTS } from '../constants';
import { knitfrontTheme } from '../theme/adapters/knitfront';
import {
  BUY_BUTTON_STYLE_ID,
  BUY_BUTTONS_STATE,
  BUY_PRICE_TEXT,
  buyButtonStyles,
} from './buy-buttons';
import { FOOTER_COPY, FOOTER_ID_SUFFIX, FOOTER_SHOWN } from './cta-footer';

/**
 * The knitfront theme's snippets/knitfront-buy-buttons-printed.liquid: the buy buttons as the
 * enhancer leaves them, put on the page before it first paints, so that a shopper never waits for
 * the bundle to see '… for {price}' on Add to cart, nor for the sticky footer on a phone.
 *
 * The product page prints its final price from knitfront's metafields (product-price.liquid), one
 * figure per currency, each holding its money text (data-kf-money); the head script
 * (knitfront-first-paint.liquid) marks on <html> the display currency whose figure shows
 * (data-kf-display), or that every price waits for the widget (data-kf-converting), and marks a
 * price whose discount has ended (data-kf-ended; window.knitfrontMarkEnded marks those parsed so
 * far). When the product's price shows as printed and
 * Add to cart is the buy button (not a pre-order, whose charge at checkout follows the payment
 * option and the display currency), an inline script right after the sticky footer does what the
 * enhancer will do, with the enhancer's own stylesheet, texts and markers: the label reads on
 * with 'for {price}', the footer holds its copy of the buy buttons, and the page is marked ready,
 * so that the enhancer finds nothing to cover with its skeleton. Otherwise it does nothing and the
 * enhancer covers the buttons as before. Written from here so that the snippet has no source of
 * its own; the enhancer's tests check that what it prints is what the enhancer shows.
 */
export function printedBuyButtonsSnippet(): string {
  const theme = knitfrontTheme;
  const selector = (value: string | undefined) => {
    if (!value) throw new Error('the knitfront theme names every part the snippet uses');
    return JSON.stringify(value);
  };
  const forPrice = JSON.stringify(` ${BUY_BUTTON_TEXTS.price('{price}')}`);
  return `{% comment %}
  Written by web/src/enhancers/buy-buttons-printed.ts, from the buy button
  enhancer's stylesheet, texts and markers: do not edit it here. After a change
  there: cd web && npx vitest run src/enhancers/buy-buttons-printed.test.ts -u

  The buy buttons as the knitfront enhancer leaves them, before the page first
  paints: when the product's price shows as the theme printed it from
  knitfront's metafields (snippets/knitfront-first-paint.liquid decides) and
  Add to cart is the buy button, Add to cart reads on with 'for {price}' (the
  money text of the figure that shows, data-kf-money), the sticky footer holds
  its copy of the buy buttons, and the page is marked ready: the enhancer then
  finds nothing to cover with its skeleton, and confirms what shows. Otherwise
  the enhancer covers the buy buttons until it has done the same.

  Usage, in the product section, right after the sticky footer:
  {% render 'knitfront-buy-buttons-printed' %}
{% endcomment %}
{%- if settings.knitfront_enabled -%}
  <style id="${BUY_BUTTON_STYLE_ID}">${buyButtonStyles(theme)}</style>
  <script>
    (function (root) {
      var price = document.querySelector(${selector(theme.productPrice)});
      var button = document.querySelector(${selector(theme.addToCartButton)});
      var footer = document.querySelector(${selector(theme.ctaFooter)});
      if (!price || !button || !footer || button.hidden) return;
      // The head script marks ended discounts before each frame; this one runs between two.
      if (window.knitfrontMarkEnded) window.knitfrontMarkEnded();
      var waits =
        !price.hasAttribute('data-final-minor') ||
        price.hasAttribute('data-kf-ended') ||
        root.hasAttribute('data-kf-converting');
      if (waits) return;
      var shown = root.getAttribute('data-kf-display');
      var figure = price.querySelector(
        shown
          ? '.product-price__figure[data-kf-currency="' + shown + '"]'
          : '.product-price__figure[data-kf-market]'
      );
      var money = figure && figure.getAttribute('data-kf-money');
      var productForm = button.closest(${selector(theme.productForm)});
      var form = button.closest('form');
      var buttons = button.closest(${selector(theme.buyButtons)});
      if (!money || !productForm || !form || !buttons) return;

      if (!button.disabled) {
        var priceText = document.createElement('span');
        priceText.setAttribute('${BUY_PRICE_TEXT}', '');
        priceText.textContent = ${forPrice}.replace('{price}', money);
        (button.querySelector('span') || button).append(priceText);
      }

      // The footer's copies, as footerCopy() in cta-footer.ts makes them.
      var footerCopy = function (element) {
        var copy = element.cloneNode(true);
        if (copy.id) copy.id += '${FOOTER_ID_SUFFIX}';
        copy.hidden = element.closest('[hidden]') !== null;
        copy.removeAttribute('data-variant-sync');
        copy.removeAttribute('form');
        return copy;
      };
      var footerCopyOf = document.createElement('div');
      footerCopyOf.setAttribute('${FOOTER_COPY}', '');
      Array.prototype.forEach.call(productForm.children, function (child) {
        if (child !== form) footerCopyOf.append(footerCopy(child));
      });
      var footerButtons = buttons.cloneNode(false);
      footerButtons.removeAttribute('id');
      var buttonCopy = footerCopy(button);
      footerButtons.append(buttonCopy);
      footerCopyOf.append(footerButtons);
      // As submitWith() in cta-footer.ts: the product form submitted with Add to cart.
      footerCopyOf.addEventListener('click', function (event) {
        if (event.target.closest('button') !== buttonCopy) return;
        if (button.disabled || button.getAttribute('aria-disabled') === 'true') return;
        form.requestSubmit(button);
      });
      footer.append(footerCopyOf);
      root.setAttribute('${BUY_BUTTONS_STATE}', 'ready');
      root.setAttribute('${FOOTER_SHOWN}', '');
    })(document.documentElement);
  </script>
{%- endif -%}
`;
}
