import { FOOTER_HEIGHT_PROPERTY } from '../styles';
import type { ThemeAdapter } from '../theme/adapters/theme-adapter';

/** Marks the footer's copy of the product form, and the inputs it fills just before it submits. */
export const FOOTER_FORM = 'data-kf-cta-footer';
export const FOOTER_INPUT = 'data-kf-cta-footer-input';
/** The id suffix of the footer's copies, so that no id of the page is there twice. */
export const FOOTER_ID_SUFFIX = '-CtaFooter';
/**
 * On <html> while the footer holds its copy of the buy buttons: only then do the product form's
 * own buttons give way to it on narrow screens, so that a page never shows no buttons at all.
 */
export const FOOTER_SHOWN = 'data-kf-cta-footer-shown';

export interface CtaFooter {
  /**
   * Brings the footer's buttons in step with the product form's: text, shown or not, enabled or
   * not. True when the footer holds the copy of the product form with at least one buy button.
   */
  sync(): boolean;
  /** Removes the footer's copy. */
  stop(): void;
}

/**
 * What the footer copies from the product form's buy buttons: the submit buttons, and the line
 * under the pre-order button that says what checkout charges.
 */
const COPIED = 'button[type="submit"], [data-kf-buy-charged]';

/** A buy button, or its charged line, as the footer shows it: a copy, with an id of its own. */
function copyButton(button: HTMLElement): HTMLElement {
  const copy = button.cloneNode(true) as HTMLElement;
  if (copy.id) copy.id += FOOTER_ID_SUFFIX;
  copy.hidden = button.closest('[hidden]') !== null;
  copy.removeAttribute('data-variant-sync');
  return copy;
}

/**
 * The sticky footer's copy of the product form ('pdp cta footer'): the product
 * form's own element, error message area and form, with copies of its buy buttons. The form
 * submits the same thing as the product form: just before it goes, it takes every field the
 * product form would send (variant, quantity, selling plan), so that it is always in step with
 * what the shopper chose there, however the theme changed it. Its buttons follow the product
 * form's through sync(). Null when the theme or the page has no footer, or no product form.
 */
export function createCtaFooter(theme: ThemeAdapter): CtaFooter | null {
  const footer = theme.ctaFooter ? document.querySelector<HTMLElement>(theme.ctaFooter) : null;
  const productForm = document.querySelector<HTMLElement>(theme.productForm);
  const form = document.querySelector<HTMLFormElement>(theme.productFormElement);
  const buttons = form?.querySelector<HTMLElement>(theme.buyButtons);
  if (!footer || !productForm || !form || !buttons) return null;

  // The product form's element, and what it holds beside the form (the theme's error area).
  const footerProductForm = productForm.cloneNode(false) as HTMLElement;
  for (const child of productForm.children) {
    if (child !== form) footerProductForm.append(child.cloneNode(true));
  }
  const footerForm = form.cloneNode(false) as HTMLFormElement;
  footerForm.id += FOOTER_ID_SUFFIX;
  footerForm.setAttribute(FOOTER_FORM, '');
  // Not the section's form: the theme's variant picker must not take it for one.
  footerForm.removeAttribute('data-section');
  const footerButtons = buttons.cloneNode(false) as HTMLElement;
  footerForm.append(footerButtons);
  footerProductForm.append(footerForm);

  // Runs before the theme's own submit handler, which listens on the document.
  const takeProductFormFields = () => {
    footerForm.querySelectorAll(`[${FOOTER_INPUT}]`).forEach((input) => input.remove());
    for (const [name, value] of new FormData(form)) {
      if (typeof value !== 'string') continue;
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      input.setAttribute(FOOTER_INPUT, '');
      footerButtons.before(input);
    }
  };
  footerForm.addEventListener('submit', takeProductFormFields);

  let shown = '';
  const sync = () => {
    const copies = [...buttons.querySelectorAll<HTMLElement>(COPIED)].map(copyButton);
    const html = copies.map((copy) => copy.outerHTML).join('');
    if (html !== shown) {
      shown = html;
      footerButtons.replaceChildren(...copies);
    }
    const held = footer.contains(footerButtons) && footerButtons.childElementCount > 0;
    document.documentElement.toggleAttribute(FOOTER_SHOWN, held);
    return held;
  };
  sync();
  footer.replaceChildren(footerProductForm);

  const resize = new ResizeObserver(() =>
    document.documentElement.style.setProperty(FOOTER_HEIGHT_PROPERTY, `${footer.offsetHeight}px`),
  );
  resize.observe(footer);

  return {
    sync,
    stop() {
      resize.disconnect();
      footerForm.removeEventListener('submit', takeProductFormFields);
      footer.replaceChildren();
      document.documentElement.removeAttribute(FOOTER_SHOWN);
      document.documentElement.style.removeProperty(FOOTER_HEIGHT_PROPERTY);
    },
  };
}
