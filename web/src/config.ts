/**
 * The bundle's configuration, rendered by the theme layout as window.knitfrontConfig so that one
 * build serves every shop (DESIGN.md "Contracts").
 */
export interface KnitfrontConfig {
  /** The knitfront API's origin; empty means the page's own origin. */
  apiBase?: string;
  shopUrl?: string;
  storefrontToken?: string;
  /** Shows the developer panel, as the debug query parameter does. */
  debug?: boolean;
}

declare global {
  interface Window {
    knitfrontConfig?: KnitfrontConfig;
  }
}

export function knitfrontConfig(): KnitfrontConfig {
  return window.knitfrontConfig ?? {};
}
