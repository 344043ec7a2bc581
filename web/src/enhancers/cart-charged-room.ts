import { STORAGE_KEYS } from '../constants';

/**
 * The Liquid that gives the cart's totals rows their room before the page first paints: the
 * knitfront theme's snippet (for its line charged at checkout) and the app embed's part (for the
 * rows the Dawn adapter adds to Dawn's totals). The line charged at checkout takes room while the display
 * currency differs from the one checkout charges, and the bundle keeps it so once it runs; but the
 * bundle runs after the first paint, and a line that took its room only then would move what is
 * under it. So an inline script reads the display currency where the bundle stores it. Both
 * snippets are written from here, with the bundle's own storage key and one rule of when the
 * currencies differ, so that neither has a source of its own.
 */

/**
 * The script statements that read the display currency the bundle stored (into `shown`) and the
 * condition that it is none or the given currency (a JavaScript expression): then the line charged
 * at checkout takes no room.
 */
const READ_SHOWN = `var shown = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.displayCurrency)});`;
function shownIsNoneOr(currency: string): string {
  return `!shown || shown === ${currency}`;
}

/** The knitfront theme's snippets/charged-line-room.liquid. */
export function chargedRoomSnippet(): string {
  return `{% comment %}
  Written by web/src/enhancers/cart-charged-room.ts, from the key under which
  the knitfront bundle stores the display currency: do not edit it here. After
  a change there: cd web && npx vitest run src/enhancers/cart-charged-room.test.ts -u

  Gives the line charged at checkout just before it (data-cart-charged) its
  room before the page first paints: the line takes room when the display
  currency stored in the browser is not the line's currency (data-currency),
  the one checkout charges, and none otherwise. The knitfront bundle keeps it
  so afterwards, and shows the line once it has the converted figures.

  Usage, right after the line:
  {% render 'charged-line-room' %}
{% endcomment %}
{%- if settings.knitfront_enabled -%}
  <script>
    (function (line) {
      try {
        ${READ_SHOWN}
        line.hidden = ${shownIsNoneOr("line.getAttribute('data-currency')")};
      } catch (error) {}
    })(document.currentScript.previousElementSibling);
  </script>
{%- endif -%}
`;
}

/**
 * The classes of the html element that reserve the rows the Dawn adapter adds: under the cart's
 * totals, the row due later and the line charged at checkout; under a pre-order's buy buttons, the
 * line charged at checkout, with both preorder and charged.
 */
const DAWN_ROOM = {
  later: 'kf-room-later',
  charged: 'kf-room-charged',
  preorder: 'kf-room-preorder',
} as const;

/**
 * The app embed's Liquid that marks the html element, in the head, before the page first paints,
 * with the rows the Dawn adapter will add, so that the embed's stylesheet keeps their room until
 * they are there: one class when a line of the cart is a pre-order that leaves something due later
 * (its plan charges something at checkout, below the line's final price), one when the product
 * page's selected variant is a pre-order (sold with selling plans), one when the display currency
 * stored in the browser is not the cart's, the one checkout charges. The embed holds it as it is,
 * and its test checks so.
 */
export function dawnRoom(): string {
  return `{%- liquid
  assign due_later = false
  for item in cart.items
    if item.selling_plan_allocation
      assign upfront = item.selling_plan_allocation.checkout_charge_amount | at_most: item.final_price
      if upfront > 0 and item.final_price > upfront
        assign due_later = true
      endif
    endif
  endfor
  assign preorder = false
  if product.selected_or_first_available_variant.selling_plan_allocations.size > 0
    assign preorder = true
  endif
-%}
<script>
  (function (root) {
    {%- if due_later %}
    root.classList.add('${DAWN_ROOM.later}');
    {%- endif %}
    {%- if preorder %}
    root.classList.add('${DAWN_ROOM.preorder}');
    {%- endif %}
    try {
      ${READ_SHOWN}
      if (!(${shownIsNoneOr('{{ cart.currency.iso_code | json }}')})) root.classList.add('${DAWN_ROOM.charged}');
    } catch (error) {}
  })(document.documentElement);
</script>
`;
}
