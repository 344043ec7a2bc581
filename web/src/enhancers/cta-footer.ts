import {
  BUY_BUTTONS,
  PDP_CTA_FOOTER,
  PRODUCT_FORM,
  PRODUCT_FORM_ELEMENT,
} from '../theme/selectors';

/** Marks the footer's copy of the product form, and the inputs it fills just before it submits. */
const FOOTER_FORM = 'data-kf-cta-footer';
const FOOTER_INPUT = 'data-kf-cta-footer-input';
/** The id suffix of the footer's copies, so that no id of the page is there twice. */
const ID_SUFFIX = '-CtaFooter';
/** The CSS custom property holding the footer's height, which the pre-order strip sits above. */
export const FOOTER_HEIGHT_PROPERTY = '--kf-cta-footer-height';

export interface CtaFooter {
  /** Brings the footer's buttons in step with the product form's: text, shown or not, enabled or not. */
  sync(): void;
  /** Removes the footer's copy. */
  stop(): void;
}

/** A button as the footer shows it: a copy of the product form's, with an id of its own. */
function copyButton(button: HTMLButtonElement): HTMLButtonElement {
  const copy = button.cloneNode(true) as HTMLButtonElement;
  if (copy.id) copy.id += ID_SUFFIX;
  copy.hidden = button.closest('[hidden]') !== null;
  copy.removeAttribute('data-variant-sync');
  return copy;
}

/**
 * The sticky footer's copy of the product form ('pdp cta footer', spec section 1): the product
 * form's own element, error message area and form, with copies of its buy buttons. The form
 * submits the same thing as the product form: just before it goes, it takes every field the
 * product form would send (variant, quantity, selling plan), so that it is always in step with
 * what the shopper chose there, however the theme changed it. Its buttons follow the product
 * form's through sync(). Null when the page has no footer or no product form.
 */
export function createCtaFooter(): CtaFooter | null {
  const footer = document.querySelector<HTMLElement>(PDP_CTA_FOOTER);
  const productForm = document.querySelector<HTMLElement>(PRODUCT_FORM);
  const form = document.querySelector<HTMLFormElement>(PRODUCT_FORM_ELEMENT);
  const buttons = form?.querySelector<HTMLElement>(BUY_BUTTONS);
  if (!footer || !productForm || !form || !buttons) return null;

  // The product form's element, and what it holds beside the form (the theme's error area).
  const footerProductForm = productForm.cloneNode(false) as HTMLElement;
  for (const child of productForm.children) {
    if (child !== form) footerProductForm.append(child.cloneNode(true));
  }
  const footerForm = form.cloneNode(false) as HTMLFormElement;
  footerForm.id += ID_SUFFIX;
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
    const copies = [...buttons.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].map(
      copyButton,
    );
    const html = copies.map((copy) => copy.outerHTML).join('');
    if (html === shown) return;
    shown = html;
    footerButtons.replaceChildren(...copies);
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
      document.documentElement.style.removeProperty(FOOTER_HEIGHT_PROPERTY);
    },
  };
}
