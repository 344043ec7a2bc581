import { DEBUG_PARAM, MESSAGES } from './constants';

/**
 * The bundle's configuration, rendered by the theme layout as window.knitfrontConfig so that one
 * build serves every shop (its fields are listed under configuration in docs/design.md).
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
  interface ImportMetaEnv {
    /** The shop's Storefront address, when a build is made for one shop. */
    readonly VITE_SHOPIFY_SHOP_URL?: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

export function knitfrontConfig(): KnitfrontConfig {
  return window.knitfrontConfig ?? {};
}

/**
 * Whether the page asked for debugging help (the developer panel, the buy buttons' completion
 * poll): ?debug, or debug in knitfrontConfig.
 */
export function debugRequested(): boolean {
  return (
    new URLSearchParams(window.location.search).has(DEBUG_PARAM) || knitfrontConfig().debug === true
  );
}

/**
 * The shop's Storefront address: the theme's setting, else the build's VITE_SHOPIFY_SHOP_URL.
 * Throws the spec's 'VITE_SHOPIFY_SHOP_URL environment variable is not defined' when neither is
 * set.
 */
export function shopUrl(): string {
  const url = knitfrontConfig().shopUrl || import.meta.env.VITE_SHOPIFY_SHOP_URL;
  if (!url) throw new Error(MESSAGES.shopUrlMissing);
  return url;
}
