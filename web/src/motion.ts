/**
 * Whether the shopper asked for less motion; then the widgets jump where they would animate or
 * scroll smoothly.
 */
export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The behaviour of a scroll the widgets start: smooth, unless the shopper asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
