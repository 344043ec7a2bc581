import { EVENTS } from '../../constants';
import { BUY_CHARGED_LINE, fill, showChargedLine } from '../../dom';
import { displayDiffersFrom } from '../../market/store';
import { formatExactMoney } from '../../pricing/format';
import { BUY_BUTTONS } from '../selectors';
import { subscribeToDawn } from './dawn-pubsub';
import { readDawnTexts } from './dawn-texts';
import { type DawnVariant, selectedDawnVariant } from './dawn-variant';

/** Dawn's product form, of its buy buttons block: Dawn re-sends its variant input on a change. */
const PRODUCT_FORM = 'product-info product-form form[data-type="add-to-cart-form"]';
/** Marks the selling plan input knitfront adds to Dawn's form. */
const PLAN_INPUT = 'data-kf-selling-plan';
/**
 * The parts of knitfront's app blocks in Dawn's product section that show the selected variant
 * (the payment options), marked as the knitfront theme marks its own.
 */
const VARIANT_PARTS = 'product-info [data-variant-sync]';

/**
 * Brings the parts of knitfront's app blocks to the variant Dawn rendered its section for: Dawn
 * copies from the section's new HTML only its own parts, so the blocks' parts are copied from it
 * too, each over the part of the same name in the same place.
 */
function copyVariantParts(html: unknown): void {
  if (!(html instanceof Document)) return;
  const fresh = [...html.querySelectorAll(VARIANT_PARTS)];
  document.querySelectorAll(VARIANT_PARTS).forEach((part, index) => {
    const next = fresh[index];
    if (next && next.getAttribute('data-variant-sync') === part.getAttribute('data-variant-sync')) {
      part.replaceWith(document.importNode(next, true));
    }
  });
}

/**
 * What the buy buttons' enhancer reads to say, while prices show in another currency than the
 * cart's, that a pre-order's price is approximate and what checkout charges (the knitfront theme's
 * pre-order button carries the same): on Dawn's buttons' container, each plan's upfront charge,
 * the cart's currency and the approximate text, and under the buttons the line, unseen until the
 * enhancer writes it. While the selected variant is a pre-order; for another, none of it. The
 * line's room before the bundle runs is the app embed's (kf-room-preorder with kf-room-charged),
 * which the container's attributes end: the line takes it in the same task, while the currencies
 * differ, as the enhancer keeps it. Returns the function that brings the buttons to a variant, a
 * function that does nothing where the page tells no cart currency or has no embed's texts.
 */
function checkoutChargesHolder(form: HTMLFormElement): (variant: DawnVariant | null) => void {
  const currency = window.Shopify?.currency?.active;
  const texts = readDawnTexts();
  if (!currency || !texts) return () => {};
  return (variant) => {
    const buttons = form.querySelector<HTMLElement>(BUY_BUTTONS);
    if (!buttons) return;
    let line = buttons.querySelector<HTMLElement>(`:scope > [${BUY_CHARGED_LINE}]`);
    const charges = variant?.checkoutCharges ?? {};
    // The shop's first plan's charge: the plan Dawn's form sends unless payment options pick another.
    const plan = variant?.sellingPlanIds[0];
    const first = plan === undefined ? undefined : charges[plan];
    if (first === undefined) {
      line?.remove();
      for (const name of ['checkoutCharges', 'currency', 'approximate'])
        delete buttons.dataset[name];
      return;
    }
    buttons.dataset.checkoutCharges = JSON.stringify(charges);
    buttons.dataset.currency = currency;
    buttons.dataset.approximate = texts.approximate;
    if (line) return;
    line = document.createElement('p');
    line.setAttribute(BUY_CHARGED_LINE, '');
    line.dataset.text = texts.chargedAtCheckout;
    // The first plan's, until the enhancer writes the plan sent: Dawn hides an empty <p>.
    line.textContent = fill(texts.chargedAtCheckout, { amount: formatExactMoney(first, currency) });
    showChargedLine(line, displayDiffersFrom(currency), null);
    buttons.append(line);
  };
}

/** Whether the form sends a selling plan of its own: a payment options field the theme or an app placed. */
function sendsOwnSellingPlan(form: HTMLFormElement): boolean {
  return [...form.elements].some(
    (field) => field.getAttribute('name') === 'selling_plan' && !field.hasAttribute(PLAN_INPUT),
  );
}

/**
 * A pre-order on Dawn with the app embed alone. Dawn prints the selected variant for its scripts,
 * with the selling plans it may be bought with, but has no payment options and no pre-order
 * button; and Shopify adds a variant that requires a selling plan only with one. So while the
 * selected variant has selling plans (the knitfront theme's rule of a pre-order too):
 * - Dawn's form sends the first of them, the shop's default, unless the form holds a selling plan
 *   field of its own (payment options a theme or an app placed);
 * - the page announces the pre-order (window.knitfrontPreorderShown and knitfront:preorder-show),
 *   as a pre-order app does, so that the buy button enhancer shows 'Pre Order for {price}' on a
 *   copy of Dawn's Add to cart, which submits Dawn's form to Dawn's own handler (its drawer opens);
 *   and its end (knitfront:preorder-hide) when the shopper selects a variant bought outright.
 * The input follows the variant: Dawn announces a new one with a change event of its form's
 * variant input, once its picker prints the variant, and with its variantChange message once it
 * has rendered the section, when the app's payment options block, if placed, follows it too.
 * Returns the function that stops.
 */
export function startDawnPreorder(): () => void {
  const form = document.querySelector<HTMLFormElement>(PRODUCT_FORM);
  if (!form) return () => {};

  const holdCheckoutCharges = checkoutChargesHolder(form);
  const follow = () => {
    const variant = selectedDawnVariant();
    const [plan] = variant?.sellingPlanIds ?? [];
    holdCheckoutCharges(variant);
    let input = form.querySelector<HTMLInputElement>(`input[${PLAN_INPUT}]`);
    if (plan === undefined || sendsOwnSellingPlan(form)) {
      input?.remove();
    } else {
      if (!input) {
        input = document.createElement('input');
        input.type = 'hidden';
        input.name = 'selling_plan';
        input.setAttribute(PLAN_INPUT, '');
        form.append(input);
      }
      input.value = String(plan);
    }
    const preorder = plan !== undefined;
    if (preorder !== (window.knitfrontPreorderShown === true)) {
      window.knitfrontPreorderShown = preorder;
      document.dispatchEvent(new CustomEvent(preorder ? EVENTS.preorderShow : EVENTS.preorderHide));
    }
  };
  const onChange = (event: Event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'id') follow();
  };
  form.addEventListener('change', onChange);
  // Once Dawn has rendered the variant: the blocks' payment options follow it, then the input, and
  // the buy buttons' enhancer, which hears changes of the product form, looks at the options again.
  const unsubscribe = subscribeToDawn('variantChange', (message) => {
    copyVariantParts((message as { data?: { html?: unknown } } | null)?.data?.html);
    follow();
    form.dispatchEvent(new Event('change', { bubbles: true }));
  });
  follow();

  return () => {
    unsubscribe?.();
    form.removeEventListener('change', onChange);
    form.querySelector(`input[${PLAN_INPUT}]`)?.remove();
    holdCheckoutCharges(null);
  };
}
