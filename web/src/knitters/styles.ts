import { BREAKPOINT_DESKTOP_PX, KNITTER_SCROLL_OFFSET_DESKTOP_PX } from '../constants';

/**
 * The knitters page's stylesheet. It reaches the page in the Liquid that places <knitters-page>
 * (knittersStylesSnippet), not in the page's code: there it is in place at the first paint, and
 * the page's code weighs about 1.3 KB gzipped less. Colours and fonts are custom properties a
 * theme may set (--kf-heading-font, --kf-border, --kf-muted, --kf-card, --kf-placeholder,
 * --kf-button-bg, --kf-button-fg); the title is the theme's own h1.
 *
 * Below 1024 px the opened item stacks its photo above the text; from 1024 px the photo stands
 * beside it and stays in view, as far below the top as an opened item comes to rest. The panel
 * clips its content only while it animates, so that the photo can stick when it is open.
 */
export const KNITTERS_STYLES = `
.kf-placeholder{width:100%;aspect-ratio:16/9;border-radius:6px;background:var(--kf-placeholder,#e3ded8)}
.kf-knitters__placeholder{max-width:960px}
.kf-knitters__list{border-top:1px solid var(--kf-border,#e4dbd0)}
.kf-knitter{border-bottom:1px solid var(--kf-border,#e4dbd0)}
.kf-knitter__header{margin:0;font:inherit}
.kf-knitter__button{display:flex;align-items:center;gap:16px;width:100%;padding:16px 4px 16px 0;border:0;background:none;color:inherit;font:inherit;text-align:left;cursor:pointer}
.kf-knitter__button:focus-visible{outline:2px solid currentColor;outline-offset:2px}
.kf-knitter__avatar{flex:none;width:40px;height:40px;border-radius:50%;background:var(--kf-card,#f2ece3)}
.kf-knitter__name{flex:1;min-width:0;font-family:var(--kf-heading-font,Georgia,serif);font-size:20px;line-height:1.25}
.kf-knitter__arrow{flex:none;width:10px;height:10px;margin:0 6px;border-right:2px solid;border-bottom:2px solid;transform:translateY(-3px) rotate(45deg);transition:transform .3s ease}
[aria-expanded=true]>.kf-knitter__arrow{transform:translateY(3px) rotate(-135deg)}
.kf-knitter__panel[data-phase=opening],.kf-knitter__panel[data-phase=closing]{overflow:hidden}
.kf-knitter__content{display:grid;gap:24px;padding:4px 0 32px}
.kf-knitter__photo{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:6px;background:var(--kf-card,#f2ece3)}
.kf-knitter__text{display:grid;gap:32px;align-content:start;min-width:0}
.kf-knitter__description{margin:0;font-size:16px;line-height:1.6}
.kf-knitter__heading{margin:0 0 12px;font-family:var(--kf-heading-font,Georgia,serif);font-size:20px;font-weight:400;line-height:1.25}
.kf-feedback__note{margin:0;color:var(--kf-muted,#6d635b)}
.kf-feedback__list{margin:0 0 16px;padding:0;list-style:none}
.kf-review{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:4px 12px;padding:16px 0;border-bottom:1px solid var(--kf-border,#e4dbd0)}
.kf-review:first-child{padding-top:0}
.kf-review__author,.kf-review__date{margin:0;font-family:inherit;font-size:12px;line-height:1.5;letter-spacing:.08em;text-transform:uppercase}
.kf-review__author{font-weight:600;overflow-wrap:anywhere}
.kf-review__date{color:var(--kf-muted,#6d635b)}
.kf-review__body{grid-column:1/-1;margin:0;font-size:16px;line-height:1.55;white-space:pre-line;overflow-wrap:anywhere}
.kf-feedback-form{display:grid;gap:16px;padding:20px;border-radius:6px;background:var(--kf-card,#f2ece3)}
.kf-feedback-form .kf-knitter__heading{margin:0}
.kf-field{display:grid;gap:6px}
.kf-field__label{font-size:14px;font-weight:600}
.kf-field__input{width:100%;padding:10px 12px;border:1px solid rgba(0,0,0,.25);border-radius:6px;background:#fff;color:inherit;font:inherit;font-size:16px}
textarea.kf-field__input{min-height:112px;resize:vertical}
.kf-field__input:focus-visible{outline:2px solid currentColor;outline-offset:1px}
.kf-honeypot{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.kf-button{justify-self:start;min-height:44px;padding:0 24px;border:1px solid transparent;border-radius:999px;background:var(--kf-button-bg,#2a2522);color:var(--kf-button-fg,#fbf8f3);font:inherit;font-size:15px;font-weight:600;cursor:pointer}
.kf-button:focus-visible{outline:2px solid var(--kf-button-bg,#2a2522);outline-offset:2px}
.kf-button:disabled,.kf-button[aria-disabled=true]{opacity:.45;cursor:not-allowed}
.kf-button--secondary{border-color:currentColor;background:none;color:inherit}
.kf-feedback-form__error{margin:0;padding:10px 14px;border-radius:6px;background:#fbe9e4;color:#8a2b12;font-size:14px}
.kf-feedback-form__success{padding:20px;border-radius:6px;background:#e6eedf;color:#2f4a25}
.kf-feedback-form__success p{margin:0}
.kf-feedback-form__success p+p{margin-top:8px}
@media (min-width:${BREAKPOINT_DESKTOP_PX}px){
.kf-knitter__button{padding:20px 4px 20px 0;gap:20px}
.kf-knitter__avatar{width:48px;height:48px}
.kf-knitter__name{font-size:24px}
.kf-knitter__content{grid-template-columns:minmax(0,5fr) minmax(0,7fr);gap:48px;align-items:start;padding-bottom:48px}
.kf-knitter__photo{position:sticky;top:${KNITTER_SCROLL_OFFSET_DESKTOP_PX}px}
}
@media (prefers-reduced-motion:reduce){.kf-knitter__arrow{transition:none}}
`;

/** The theme snippet that gives the knitters page its stylesheet, rendered before the element. */
export function knittersStylesSnippet(): string {
  return `{% comment %}
  Written by web/src/knitters/styles.ts, with the widgets' breakpoint and
  scroll offset: do not edit it here. After a change there:
  cd web && npx vitest run src/knitters/styles.test.ts -u

  The knitters page's stylesheet, for the markup the knitfront bundle renders
  inside <knitters-page>.

  Usage, before the element:
  {% render 'knitters-page-styles' %}
{% endcomment %}
<style>${KNITTERS_STYLES}</style>
`;
}
