import { DAWN_MARKER, dawnTheme } from './dawn';
import { knitfrontTheme } from './knitfront';
import type { ThemeAdapter } from './theme-adapter';

declare global {
  interface Window {
    /**
     * What Shopify tells scripts of the shop: the market's country, the currency the cart is in
     * (the one checkout charges), and the theme, whose schema_name names the theme family.
     */
    Shopify?: {
      country?: string;
      currency?: { active?: string };
      theme?: { schema_name?: string };
    };
  }
}

/**
 * The adapter of the page's theme family, from the page's own markers: Dawn when the theme says
 * so in window.Shopify.theme.schema_name or renders Dawn's product section, the knitfront theme
 * otherwise. The merchant sets nothing.
 */
export function chooseThemeAdapter(): ThemeAdapter {
  const isDawn =
    window.Shopify?.theme?.schema_name === dawnTheme.name ||
    document.querySelector(DAWN_MARKER) !== null;
  return isDawn ? dawnTheme : knitfrontTheme;
}
