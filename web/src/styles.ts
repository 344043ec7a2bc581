import { BREAKPOINT_MOBILE_PX, PREORDER_STRIP_FLY_IN_MS } from './constants';

/**
 * The CSS custom property holding the product page's sticky footer's height, which the pre-order
 * strip sits above (enhancers/cta-footer sets it on the strip's element). Here, not with the
 * footer, so that the stylesheet every page loads does not bring the buy buttons' code along.
 */
export const FOOTER_HEIGHT_PROPERTY = '--kf-cta-footer-height';

/** The look of a skeleton: a shimmer, held still where less motion is asked for (STYLES). */
export const SKELETON_LOOK =
  'background:linear-gradient(90deg,var(--kf-skeleton,#ece6df) 30%,#f7f3ef 50%,var(--kf-skeleton,#ece6df) 70%) 0 0/300% 100%;animation:kf-shimmer 1.4s linear infinite';

/**
 * The widgets' one stylesheet. Every class starts with kf-; colours are custom properties a theme
 * may set (--kf-sale, --kf-muted, --kf-badge-bg, --kf-badge-fg, --kf-skeleton).
 *
 * Each price placement has a fixed height shared by its skeleton and its price, so that a price
 * arriving never moves the page: product page 36 px, collection card 24 px, cart total 28 px,
 * cart item and search card 20 px. The theme reserves the same heights while the elements are
 * not yet defined. A price fills its element and lines up as the element's content does, so that
 * a price set right (as in a cart) keeps its place from skeleton to price.
 *
 * The recommendation card is 400 px wide at most, its image 80 px wide at 4/5 (--kf-card-bg sets
 * its background).
 *
 * The pre-order strip flies in over 300 ms; on narrow screens it is fixed at the bottom of the
 * screen, above the product page's sticky footer (--kf-strip-bg sets its background).
 */
export const STYLES = `
.kf-price{display:inline-flex;align-items:center;gap:.45em;height:var(--kf-price-height);line-height:1;white-space:nowrap;vertical-align:middle;font-variant-numeric:tabular-nums}
product-price>.kf-price{flex-grow:1;justify-content:inherit}
.kf-price--pdp{--kf-price-height:36px;font-size:24px;font-weight:600}
.kf-price--collection{--kf-price-height:24px;font-size:16px;font-weight:600}
.kf-price--cart-total{--kf-price-height:28px;font-size:18px;font-weight:700}
.kf-price--cart-item{--kf-price-height:20px;font-size:14px;font-weight:500}
.kf-price__compared{font-size:.75em;font-weight:400;color:var(--kf-muted,#6f655c)}
.kf-price__compared~.kf-price__current{color:var(--kf-sale,#a3412a)}
.kf-skeleton{display:inline-block;width:4.5em;height:.9em;border-radius:4px;${SKELETON_LOOK}}
@keyframes kf-shimmer{to{background-position:-150% 0}}
.kf-preorder-strip{margin:20px 0 0;padding:12px 16px;border-left:3px solid var(--kf-sale,#a3412a);border-radius:0 6px 6px 0;background:var(--kf-strip-bg,#f6e9e4);color:var(--kf-sale,#a3412a);font-size:14px;line-height:1.5;animation:kf-fly-in ${PREORDER_STRIP_FLY_IN_MS}ms ease-out both}
@keyframes kf-fly-in{from{opacity:0;transform:translateY(100%)}}
@media (prefers-reduced-motion:reduce){.kf-skeleton,.kf-preorder-strip{animation:none}}
@media (max-width:${BREAKPOINT_MOBILE_PX}px){
.kf-preorder-strip{position:fixed;left:0;right:0;bottom:var(${FOOTER_HEIGHT_PROPERTY},0px);z-index:5;margin:0;border-radius:0}
}
.kf-badge{display:inline-flex;align-items:center;border-radius:999px;background:var(--kf-badge-bg,#a3412a);color:var(--kf-badge-fg,#fff);font-weight:600;line-height:1;letter-spacing:.01em;white-space:nowrap}
.kf-badge--small{font-size:11px;padding:3px 7px}
.kf-badge--big{font-size:14px;padding:5px 10px}
.kf-visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.kf-currency{position:relative;display:inline-block;font-size:14px}
.kf-currency__button{display:inline-flex;align-items:center;gap:6px;min-height:36px;padding:0 12px;border:1px solid rgba(0,0,0,.2);border-radius:999px;background:transparent;color:inherit;font:inherit;cursor:pointer}
.kf-currency__button:focus-visible,.kf-currency__list:focus-visible{outline:2px solid currentColor;outline-offset:2px}
.kf-currency__chevron{width:6px;height:6px;margin:0 2px 3px 4px;border-right:1.5px solid;border-bottom:1.5px solid;transform:rotate(45deg)}
[aria-expanded=true]>.kf-currency__chevron{margin-bottom:-3px;transform:rotate(-135deg)}
.kf-currency__symbol{display:inline-block;min-width:1em;text-align:center}
.kf-currency__panel{position:absolute;top:calc(100% + 6px);right:0;z-index:1000;min-width:140px;padding:6px;background:#fff;color:#1f1a17;border-radius:10px;box-shadow:0 10px 28px rgba(0,0,0,.16)}
.kf-currency__list{margin:0;padding:0;list-style:none}
.kf-currency__rates{display:grid;gap:6px;margin-top:6px;padding:8px 10px 4px;border-top:1px solid rgba(0,0,0,.12);font-size:13px;width:max-content;max-width:240px}
.kf-currency__rates-day{margin:0;color:#5c5550}
.kf-currency__pay-currency{padding:6px 0;border:0;background:none;color:inherit;font:inherit;text-align:left;text-decoration:underline;cursor:pointer}
.kf-currency__option{display:flex;align-items:center;gap:10px;padding:8px 10px;border-radius:6px;cursor:pointer}
.kf-currency__option--active{background:#f3ede6}
.kf-currency__option[aria-selected=true]{font-weight:600}
.kf-currency__option[aria-selected=true]::after{content:"✓";margin-left:auto}
@media (max-width:${BREAKPOINT_MOBILE_PX}px){
.kf-currency__panel{position:fixed;top:auto;right:0;bottom:0;left:0;padding:12px 12px calc(12px + env(safe-area-inset-bottom));border-radius:16px 16px 0 0;box-shadow:0 0 0 100vmax rgba(0,0,0,.35)}
.kf-currency__rates{width:auto;max-width:none;font-size:15px}
.kf-currency__option{padding:14px 12px;font-size:16px}
}
.kf-dev-panel{position:fixed;right:12px;bottom:12px;z-index:999;max-width:calc(100vw - 24px);padding:10px 12px;border-radius:8px;background:rgba(28,23,20,.92);color:#f6f0e9;font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.kf-dev-panel h2{margin:0 0 6px;font:inherit;font-weight:700}
.kf-dev-panel dl{display:grid;grid-template-columns:auto auto;gap:0 14px;margin:0}
.kf-dev-panel dl>div{display:contents}
.kf-dev-panel dt{opacity:.7}
.kf-dev-panel dd{margin:0}
.kf-reco{display:grid;grid-template-columns:80px minmax(0,1fr);gap:14px;max-width:400px;padding:12px;border-radius:6px;background:var(--kf-card-bg,#f2ece3)}
.kf-reco__media img{display:block;width:100%;aspect-ratio:4/5;object-fit:cover;border-radius:4px}
.kf-reco__info{display:flex;flex-direction:column;align-items:flex-start;gap:6px;min-width:0}
.kf-reco__title{max-width:100%;overflow:hidden;color:inherit;font-weight:500;text-decoration:none;text-overflow:ellipsis;white-space:nowrap}
.kf-reco__actions{display:flex;align-items:center;gap:8px;margin-top:auto}
.kf-reco__actions button{height:32px;border:1px solid currentColor;border-radius:6px;background:transparent;color:inherit;font:inherit;font-size:14px;cursor:pointer}
.kf-reco__arrow{width:32px;padding:0;font-size:18px!important;line-height:1}
.kf-reco__add{padding:0 14px}
.kf-reco__actions button:focus-visible{outline:2px solid currentColor;outline-offset:2px}
`;

const STYLE_ID = 'knitfront-styles';

/**
 * Adds a stylesheet to the page once, however often the bundle runs: the widgets' own, or with an
 * id and CSS of its own, that of code loaded on demand (the knitters page).
 */
export function injectStyles(id = STYLE_ID, css = STYLES): void {
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}
