import { debugRequested } from '../config';
import {
  BREAKPOINT_MOBILE_PX,
  BUTTON_STEP_TIMEOUT_MS,
  BUY_BUTTON_TEXTS,
  COMPLETION_POLL_MS,
  EVENTS,
  MESSAGES,
  PRODUCT_PATH_PART,
  SKELETON_HEIGHT_PX,
  SKELETON_HIDE_DELAY_MS,
} from '../constants';
import { injectStyles, SKELETON_LOOK } from '../styles';
import {
  ADD_TO_CART_BUTTON,
  BACK_IN_STOCK,
  BUY_BUTTONS,
  DISCLAIMER,
  PDP_CTA_FOOTER,
  PREORDER_BUTTON,
  PRODUCT_FORM,
  SELLING_PLAN_GROUP,
  SELLING_PLAN_OPTIONS,
} from '../theme/selectors';
import { createBuyButtonSteps } from './buy-button-steps';
import { createCtaFooter, FOOTER_HEIGHT_PROPERTY } from './cta-footer';
import { setText } from './dom';
import { watchPrice } from './price-watch';

declare global {
  interface Window {
    /** Set by the pre-order button (a pre-order app) when the selected variant is open for pre-order. */
    knitfrontPreorderShown?: boolean;
  }
}

/**
 * The page's state for the stylesheet (BUY_BUTTON_STYLES), on <html>, where no re-render of the theme's
 * product section takes it away: 'loading' while the skeleton covers the buy buttons and the
 * back-in-stock widget is hidden, 'ready' once it is gone. Its presence also moves the buy buttons
 * into the sticky footer on narrow screens.
 */
export const BUY_BUTTONS_STATE = 'data-kf-buy-buttons';
const BUY = `[${BUY_BUTTONS_STATE}]`;
const LOADING = `[${BUY_BUTTONS_STATE}=loading]`;

/**
 * The product page's styles for the enhancer: while it works, a 60 px skeleton covers the buy
 * buttons (in the product form and in the sticky footer) and the back-in-stock widget is hidden,
 * both keeping their room. On narrow screens the product form's buy buttons and the disclaimer
 * give way to the sticky footer, which only shows there; the page leaves room for it at its end.
 */
export const BUY_BUTTON_STYLES = `
${LOADING} ${BUY_BUTTONS}{position:relative}
${LOADING} ${BUY_BUTTONS}>*,${LOADING} ${BACK_IN_STOCK}{visibility:hidden}
${LOADING} ${BUY_BUTTONS}::after{content:"";position:absolute;top:0;left:0;right:0;height:${SKELETON_HEIGHT_PX}px;border-radius:4px;${SKELETON_LOOK}}
@media (prefers-reduced-motion:reduce){${LOADING} ${BUY_BUTTONS}::after{animation:none}}
@media (min-width:${BREAKPOINT_MOBILE_PX + 1}px){${PDP_CTA_FOOTER}{display:none}}
@media (max-width:${BREAKPOINT_MOBILE_PX}px){
${BUY} ${BUY_BUTTONS}:not(${PDP_CTA_FOOTER} *),${BUY} ${DISCLAIMER}{display:none}
${BUY} body{padding-bottom:var(${FOOTER_HEIGHT_PROPERTY},0px)}
}`;

/** Marks the buy buttons' price text, and the pre-order button's copy. */
const PRICE_TEXT = 'data-kf-buy-price';
const PREORDER_COPY = 'data-kf-preorder-copy';
const PREORDER_COPY_ID_SUFFIX = '-Copy';

/** The last text of a button's own label, so that the price reads on in the same line of text. */
function labelText(button: HTMLButtonElement): Text | null {
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.trim() && !node.parentElement?.closest(`[${PRICE_TEXT}]`)) {
      last = node as Text;
    }
  }
  return last;
}

/** Add to cart, when it can be bought: its label, then 'for {price}'. */
function showPriceOnAddToCart(price: string): void {
  const button = document.querySelector<HTMLButtonElement>(ADD_TO_CART_BUTTON);
  if (!button) return;
  let priceText = button.querySelector(`[${PRICE_TEXT}]`);
  if (button.disabled) {
    priceText?.remove();
    return;
  }
  if (!priceText) {
    priceText = document.createElement('span');
    priceText.setAttribute(PRICE_TEXT, '');
    const label = labelText(button);
    if (label) label.after(priceText);
    else button.append(priceText);
  }
  setText(priceText, ` ${BUY_BUTTON_TEXTS.price(price)}`);
}

/**
 * Pre-order mode (spec section 4): the pre-order button is hidden and a copy appended beside it,
 * reading 'Pre Order for {price}'. The copy submits the product form as the original does.
 */
function showPriceOnPreorder(price: string | null): void {
  const original = document.querySelector<HTMLButtonElement>(
    `${PREORDER_BUTTON}:not([${PREORDER_COPY}])`,
  );
  if (!original) return;
  let copy = original.parentElement?.querySelector<HTMLButtonElement>(`[${PREORDER_COPY}]`);
  if (!copy) {
    copy = original.cloneNode(true) as HTMLButtonElement;
    copy.setAttribute(PREORDER_COPY, '');
    if (copy.id) copy.id += PREORDER_COPY_ID_SUFFIX;
    original.after(copy);
  }
  if (!original.hidden) original.hidden = true;
  if (price !== null) setText(copy, BUY_BUTTON_TEXTS.preorder(price));
}

/** Hides the selling-plan group when it holds exactly one option (spec section 4). */
function hideSingleSellingPlan(): void {
  const group = document.querySelector<HTMLElement>(SELLING_PLAN_GROUP);
  if (group && document.querySelectorAll(SELLING_PLAN_OPTIONS).length === 1 && !group.hidden) {
    group.hidden = true;
  }
}

/**
 * The product page's buy button enhancer (spec sections 1 and 4), on pages whose path contains
 * '/products/'. A 60 px skeleton covers the buy buttons, and the back-in-stock widget stays hidden,
 * until five steps are done, and for 150 ms more:
 * - price: the page's price has been stable for 100 ms, or was never found after the retries;
 * - button: the buy buttons show that price ('for {price}'), or 3000 ms have passed;
 * - responsive: on narrow screens the buy buttons and the disclaimer give way to the footer;
 * - footer: the sticky footer holds its copy of the product form;
 * - payment options: the selling-plan group is hidden when it has exactly one option.
 * Then the buttons keep following the price, the variant and the pre-order mode, which turns on
 * with the pre-order show event, or its flag when the event came before this started. Returns the
 * function that stops.
 */
export function startBuyButtons(): () => void {
  if (!window.location.pathname.includes(PRODUCT_PATH_PART)) return () => {};
  const productForm = document.querySelector(PRODUCT_FORM);
  if (!productForm) return () => {};

  injectStyles('knitfront-buy-buttons', BUY_BUTTON_STYLES);
  const root = document.documentElement;
  root.setAttribute(BUY_BUTTONS_STATE, 'loading');
  let price: string | null = null;
  let preorderMode = window.knitfrontPreorderShown === true;
  let hideSkeleton: ReturnType<typeof setTimeout> | undefined;
  let completionPoll: ReturnType<typeof setInterval> | undefined;

  const steps = createBuyButtonSteps(() => {
    clearInterval(completionPoll);
    if (debugRequested()) console.info(MESSAGES.buyButtonSteps, steps.done());
    hideSkeleton = setTimeout(
      () => root.setAttribute(BUY_BUTTONS_STATE, 'ready'),
      SKELETON_HIDE_DELAY_MS,
    );
  });
  if (debugRequested()) {
    completionPoll = setInterval(
      () => console.info(MESSAGES.buyButtonSteps, steps.done()),
      COMPLETION_POLL_MS,
    );
  }

  const footer = createCtaFooter();

  /** Brings the buy buttons and the footer to what they show now; it changes only what differs. */
  function apply() {
    if (price !== null) showPriceOnAddToCart(price);
    if (preorderMode) showPriceOnPreorder(price);
    hideSingleSellingPlan();
    footer?.sync();
  }
  // The theme renders parts of the form again for another variant, and takes back what this
  // changed there: apply again after each change. Applying again changes nothing, so it settles.
  const formChanges = new MutationObserver(apply);
  formChanges.observe(productForm, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });

  const forceButton = setTimeout(() => {
    console.warn(MESSAGES.buttonStepForced);
    steps.complete('button');
  }, BUTTON_STEP_TIMEOUT_MS);
  const stopPrice = watchPrice({
    onStablePrice(stablePrice) {
      price = stablePrice;
      apply();
      steps.complete('price');
      clearTimeout(forceButton);
      steps.complete('button');
    },
    onGiveUp: () => steps.complete('price'),
  });

  const onPreorderShow = () => {
    preorderMode = true;
    apply();
  };
  document.addEventListener(EVENTS.preorderShow, onPreorderShow);

  // The narrow-screen rule of BUY_BUTTON_STYLES holds from the state set above.
  steps.complete('responsive');
  steps.complete('footer');
  apply();
  steps.complete('paymentOptions');

  return () => {
    stopPrice();
    formChanges.disconnect();
    footer?.stop();
    document.removeEventListener(EVENTS.preorderShow, onPreorderShow);
    clearTimeout(forceButton);
    clearTimeout(hideSkeleton);
    clearInterval(completionPoll);
    root.removeAttribute(BUY_BUTTONS_STATE);
  };
}
