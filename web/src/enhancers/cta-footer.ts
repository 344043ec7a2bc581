import { FOOTER_HEIGHT_PROPERTY } from '../styles';
import type { ThemeAdapter } from '../theme/adapters/theme-adapter';
import { BUY_CHARGED_LINE } from '../dom';

/** Marks the footer's copy of the buy buttons, which the footer holds in the theme's footer. */
export const FOOTER_COPY = 'data-kf-cta-footer';
/** The id suffix of the footer's copies, so that no id of the page is there twice. */
export const FOOTER_ID_SUFFIX = '-CtaFooter';
/**
 * On <html> while the footer holds its copy of the buy buttons: only then do the product form's
 * own buttons give way to it on narrow screens, so that a page never shows no buttons at all.
 */
export const FOOTER_SHOWN = 'data-kf-cta-footer-shown';

export interface CtaFooter {
  /**
   * Brings the footer's copy in step with the product form: its buttons' text, shown or not,
   * enabled or not, and the theme's error message. True when the footer holds at least one buy
   * button.
   */
  sync(): boolean;
  /** Removes the footer's copy. */
  stop(): void;
}

/** The id of the stylesheet that makes room for the footer (footerRoomStyles). */
export const FOOTER_ROOM_STYLE_ID = 'knitfront-cta-footer-room';

/**
 * The room the footer takes while it shows (its height, 0 while it is hidden): the page leaves
 * that much at its end, and the pre-order strip sits that much above the bottom of the screen.
 * A stylesheet rather than a custom property on <html>: every element of the page would inherit
 * that, so that each change had the browser restyle the whole page (about 45 ms of a phone's main
 * thread on Dawn's product page); these rules restyle only the elements they name.
 */
export function footerRoomStyles(height: number): string {
  if (height === 0) return '';
  return `[${FOOTER_SHOWN}] body{padding-bottom:${height}px}
preorder-strip{${FOOTER_HEIGHT_PROPERTY}:${height}px}`;
}

/**
 * What the footer copies from the product form's buy buttons: the submit buttons, and the line
 * under the pre-order button that says what checkout charges.
 */
const SUBMIT_BUTTON = 'button[type="submit"]';
const COPIED = `${SUBMIT_BUTTON}, [${BUY_CHARGED_LINE}]`;

/**
 * An element of the product form as the footer shows it: a copy, with an id of its own, which the
 * theme's scripts take for none of theirs. A copied button belongs to no form (the footer holds
 * none), so that it submits nothing by itself.
 */
export function footerCopy(element: HTMLElement): HTMLElement {
  const copy = element.cloneNode(true) as HTMLElement;
  if (copy.id) copy.id += FOOTER_ID_SUFFIX;
  copy.hidden = element.closest('[hidden]') !== null;
  copy.removeAttribute('data-variant-sync');
  copy.removeAttribute('form');
  return copy;
}

/**
 * Submits the product form as its own button would: the theme's submit handler (or the browser)
 * adds the product, with every field the form sends now, and shows what follows (the cart drawer,
 * an error). Nothing happens while the button cannot be used.
 */
export function submitWith(button: HTMLButtonElement): void {
  if (button.disabled || button.getAttribute('aria-disabled') === 'true') return;
  button.form?.requestSubmit(button);
}

/**
 * The sticky footer's copy of the product form ('pdp cta footer'), as a shopper uses it: copies of
 * its buy buttons, with the theme's error message area beside them. A click on a copied button submits the product form with its original, so
 * that the footer adds exactly what the product form would (variant, quantity, selling plan,
 * whatever the theme changed there) through the theme's own handler. The copies follow the
 * product form's through sync().
 *
 * A theme whose buy buttons stay on narrow screens (buyButtonsStay) shows the footer only while
 * they are out of view.
 *
 * Null when the theme or the page has no footer, or no product form.
 */
export function createCtaFooter(theme: ThemeAdapter): CtaFooter | null {
  const footer = theme.ctaFooter ? document.querySelector<HTMLElement>(theme.ctaFooter) : null;
  const productForm = document.querySelector<HTMLElement>(theme.productForm);
  const form = document.querySelector<HTMLFormElement>(theme.productFormElement);
  const buttons = form?.querySelector<HTMLElement>(theme.buyButtons);
  if (!footer || !productForm || !form || !buttons) return null;

  const copy = document.createElement('div');
  copy.setAttribute(FOOTER_COPY, '');
  const footerButtons = buttons.cloneNode(false) as HTMLElement;
  footerButtons.removeAttribute('id');
  // The footer's buttons and the product form's are in step, in the same order.
  copy.addEventListener('click', (event) => {
    const clicked = event.target instanceof Element ? event.target.closest('button') : null;
    if (!clicked) return;
    const index = [...footerButtons.querySelectorAll('button')].indexOf(clicked);
    const original = buttons.querySelectorAll<HTMLButtonElement>(SUBMIT_BUTTON)[index];
    if (original) submitWith(original);
  });

  let shown = '';
  const sync = () => {
    // The theme's error message area, and whatever else it keeps beside the form.
    const beside = [...productForm.children]
      .filter((child): child is HTMLElement => child !== form && child instanceof HTMLElement)
      .map(footerCopy);
    const copies = [...buttons.querySelectorAll<HTMLElement>(COPIED)].map(footerCopy);
    const html = [...beside, ...copies].map((element) => element.outerHTML).join('');
    if (html !== shown) {
      shown = html;
      footerButtons.replaceChildren(...copies);
      copy.replaceChildren(...beside, footerButtons);
    }
    const held = footer.contains(footerButtons) && footerButtons.childElementCount > 0;
    document.documentElement.toggleAttribute(FOOTER_SHOWN, held);
    return held;
  };
  sync();
  footer.replaceChildren(copy);

  const room = document.createElement('style');
  room.id = FOOTER_ROOM_STYLE_ID;
  document.head.append(room);
  const resize = new ResizeObserver(() => {
    const css = footerRoomStyles(footer.offsetHeight);
    if (room.textContent !== css) room.textContent = css;
  });
  resize.observe(footer);
  let inView: IntersectionObserver | undefined;
  if (theme.buyButtonsStay) {
    // Hidden until the observer has said whether the buttons are in view: otherwise it would show
    // for a frame over buttons in view, and make room twice.
    footer.hidden = true;
    inView = new IntersectionObserver((entries) => {
      footer.hidden = entries.some((entry) => entry.isIntersecting);
    });
    inView.observe(buttons);
  }

  return {
    sync,
    stop() {
      resize.disconnect();
      inView?.disconnect();
      footer.replaceChildren();
      footer.hidden = false;
      document.documentElement.removeAttribute(FOOTER_SHOWN);
      room.remove();
    },
  };
}
