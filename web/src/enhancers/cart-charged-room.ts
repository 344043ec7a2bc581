import { STORAGE_KEYS } from '../constants';

/**
 * The text of the theme's snippet that gives a line charged at checkout its room before the page
 * first paints. The line takes room while the display currency differs from the one checkout
 * charges, and the cart totals enhancer keeps it so once it runs; but the bundle runs after the
 * first paint, and a line that took its room only then would move what is under it. So a script
 * right after the line reads the display currency where the bundle stores it. The snippet is
 * written from here, with the bundle's own storage key, so that the key has one source.
 */
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
        var shown = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.displayCurrency)});
        line.hidden = !shown || shown === line.getAttribute('data-currency');
      } catch (error) {}
    })(document.currentScript.previousElementSibling);
  </script>
{%- endif -%}
`;
}
