import { debugRequested } from '../config';
import {
  BREAKPOINT_MOBILE_PX,
  BUTTON_STEP_TIMEOUT_MS,
  BUY_BUTTON_TEXTS,
  COMPLETION_POLL_MS,
  EVENTS,
  isProductPage,
  MESSAGES,
  SKELETON_HEIGHT_PX,
  SKELETON_HIDE_DELAY_MS,
} from '../constants';
import { isCurrency } from '../market/currency';
import { displayDiffersFrom, marketStore } from '../market/store';
import { chargedAmount } from '../pricing/cart-totals';
import { isMinorAmount } from '../pricing/minor-units';
import { injectStyles, SKELETON_LOOK } from '../styles';
import type { ThemeAdapter } from '../theme/adapters/theme-adapter';
import { createBuyButtonSteps } from './buy-button-steps';
import { createCtaFooter, FOOTER_SHOWN } from './cta-footer';
import { BUY_CHARGED_LINE, fill, setText, showChargedLine } from '../dom';
import { watchPrice } from './price-watch';

declare global {
  interface Window {
    /** Set by the pre-order button (a pre-order app) when the selected variant is open for pre-order. */
    knitfrontPreorderShown?: boolean;
  }
}

/**
 * The page's state for the stylesheet (buyButtonStyles), on <html>, where no re-render of the theme's
 * product section takes it away: 'loading' while the skeleton covers the buy buttons and the
 * back-in-stock widget is hidden, 'ready' once it is gone. Its presence also moves the buy buttons
 * into the sticky footer on narrow screens.
 */
export const BUY_BUTTONS_STATE = 'data-kf-buy-buttons';
/** The id of the enhancer's stylesheet, which the theme may print before the enhancer runs. */
export const BUY_BUTTON_STYLE_ID = 'knitfront-buy-buttons';
const BUY = `[${BUY_BUTTONS_STATE}]`;
const LOADING = `[${BUY_BUTTONS_STATE}=loading]`;
const WITH_FOOTER = `${BUY}[${FOOTER_SHOWN}]`;

/**
 * The product page's styles for the enhancer: while it works, a 60 px skeleton covers the buy
 * buttons (in the product form and in the sticky footer) and the back-in-stock widget is hidden,
 * both keeping their room. On narrow screens the product form's buy buttons and the disclaimer
 * give way to the sticky footer, which only shows there, once it holds its copy of the buttons (a
 * theme without the footer keeps its own, and so does a theme whose buttons stay, its footer
 * showing while they are out of view); the page leaves room for it at its end. The parts the
 * theme does not have get no rule. The pre-order button the enhancer hides in pre-order mode, and
 * what the footer hides, stay hidden whatever display the theme's styles give them.
 */
export function buyButtonStyles(theme: ThemeAdapter): string {
  const { buyButtons, backInStock, ctaFooter, disclaimer, preorderButton } = theme;
  // The buttons hide through the visibility their container passes on, the skeleton over them
  // being visible: a rule under the <html> state ending in '*' would have the browser restyle the
  // whole page each time the state changes (about 40 ms of a phone's main thread on Dawn's
  // product page), where one naming a class restyles only what has it.
  const backInStockHidden = backInStock ? `\n${LOADING} ${backInStock}{visibility:hidden}` : '';
  // A theme's button style may show a button it hides (Dawn's .button sets its display).
  const preorderHidden = preorderButton ? `\n${preorderButton}[hidden]{display:none}` : '';
  const skeleton = `${preorderHidden}
${LOADING} ${buyButtons}{position:relative;visibility:hidden}${backInStockHidden}
${LOADING} ${buyButtons}::after{content:"";position:absolute;top:0;left:0;right:0;height:${SKELETON_HEIGHT_PX}px;border-radius:4px;visibility:visible;${SKELETON_LOOK}}
@media (prefers-reduced-motion:reduce){${LOADING} ${buyButtons}::after{animation:none}}`;
  if (!ctaFooter) return skeleton;
  const givingWay = [`${WITH_FOOTER} ${buyButtons}:not(${ctaFooter} *)`];
  if (disclaimer) givingWay.push(`${WITH_FOOTER} ${disclaimer}`);
  const giveWay = theme.buyButtonsStay
    ? ''
    : `\n@media (max-width:${BREAKPOINT_MOBILE_PX}px){${givingWay.join(',')}{display:none}}`;
  return `${skeleton}
${ctaFooter}[hidden],${ctaFooter} [hidden]{display:none}
@media (min-width:${BREAKPOINT_MOBILE_PX + 1}px){${ctaFooter}{display:none}}${giveWay}`;
}

/** Marks the buy buttons' price text, and the pre-order button's copy. */
export const BUY_PRICE_TEXT = 'data-kf-buy-price';
const PREORDER_COPY = 'data-kf-preorder-copy';
const PREORDER_COPY_ID_SUFFIX = '-Copy';

/** The last text of a button's own label, so that the price reads on in the same line of text. */
function labelText(button: HTMLButtonElement): Text | null {
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent?.trim() && !node.parentElement?.closest(`[${BUY_PRICE_TEXT}]`)) {
      last = node as Text;
    }
  }
  return last;
}

/**
 * Add to cart, when it can be bought: its label, then 'for {price}'. True when the button shows
 * what it should: the price, or none when it cannot be bought; false when there is no button.
 */
function showPriceOnAddToCart(theme: ThemeAdapter, price: string): boolean {
  const button = document.querySelector<HTMLButtonElement>(theme.addToCartButton);
  if (!button) return false;
  let priceText = button.querySelector(`[${BUY_PRICE_TEXT}]`);
  if (button.disabled) {
    priceText?.remove();
    return true;
  }
  if (!priceText) {
    priceText = document.createElement('span');
    priceText.setAttribute(BUY_PRICE_TEXT, '');
    const label = labelText(button);
    if (label) label.after(priceText);
    else button.append(priceText);
  }
  setText(priceText, ` ${BUY_BUTTON_TEXTS.price(price)}`);
  return true;
}

/**
 * The selected payment option's charge at checkout, in minor units of the market currency, from
 * the theme's data-checkout-charges (by selling plan id); the first option's when the form sends
 * none. Null when the theme gives none.
 */
function checkoutCharge(holder: HTMLElement, theme: ThemeAdapter): number | null {
  let charges: unknown;
  try {
    charges = JSON.parse(holder.dataset.checkoutCharges ?? '');
  } catch {
    return null;
  }
  if (typeof charges !== 'object' || charges === null) return null;
  const byPlan = charges as Record<string, unknown>;
  const form = document.querySelector<HTMLFormElement>(theme.productFormElement);
  const plan = form ? new FormData(form).get('selling_plan') : null;
  const charge = typeof plan === 'string' ? byPlan[plan] : Object.values(byPlan)[0];
  return isMinorAmount(charge) ? charge : null;
}

/**
 * When the display currency is not the market currency, the one checkout charges, the pre-order
 * button's price is a converted one: it is marked approximate (the theme's data-approximate), and
 * the theme's line under the button shows the selected payment option's charge, exact in the
 * market currency. The line takes no room in the market currency, and takes it, invisible, as
 * soon as the display currency differs, before the price and the rates come and whether or not
 * pre-order mode is on yet, so that it appears without moving anything (in the sticky footer
 * too, whose copy is made in the same task). Returns the price as the pre-order button shows it.
 */
function showChargedOnPreorder(theme: ThemeAdapter, price: string | null): string | null {
  const original =
    theme.preorderButton &&
    document.querySelector<HTMLElement>(`${theme.preorderButton}:not([${PREORDER_COPY}])`);
  const holder = original ? original.closest<HTMLElement>('[data-checkout-charges]') : null;
  const line = holder?.querySelector<HTMLElement>(`[${BUY_CHARGED_LINE}]`);
  const currency = holder?.dataset.currency;
  if (!holder || !line || !currency || !isCurrency(currency)) return price;
  const { displayCurrency, rates } = marketStore.getState();
  const differs = displayDiffersFrom(currency);
  const rateMap = rates[currency];
  // Parsed only when a converted price needs it: apply() runs on every change of the product form.
  const charge = differs && price !== null ? checkoutCharge(holder, theme) : null;
  const charged =
    charge !== null && rateMap !== undefined && rateMap !== 'loading'
      ? chargedAmount(charge, currency, displayCurrency, rateMap)
      : null;
  showChargedLine(line, differs, charged?.charged ?? null);
  const approximate = holder.dataset.approximate;
  return charged && approximate && price !== null ? fill(approximate, { amount: price }) : price;
}

/**
 * Pre-order mode: the pre-order button is hidden and a copy appended beside it, reading
 * 'Pre Order for {price}' (the price as showChargedOnPreorder gives it). The copy submits the
 * product form as the original does, and is disabled while the original is (a sold-out variant).
 * True when the copy shows the price.
 */
function showPriceOnPreorder(theme: ThemeAdapter, price: string | null): boolean {
  const original =
    theme.preorderButton &&
    document.querySelector<HTMLButtonElement>(`${theme.preorderButton}:not([${PREORDER_COPY}])`);
  if (!original) return false;
  let copy = original.parentElement?.querySelector<HTMLButtonElement>(`[${PREORDER_COPY}]`);
  if (!copy) {
    copy = original.cloneNode(true) as HTMLButtonElement;
    copy.setAttribute(PREORDER_COPY, '');
    if (copy.id) copy.id += PREORDER_COPY_ID_SUFFIX;
    original.after(copy);
  }
  if (!original.hidden) original.hidden = true;
  if (copy.disabled !== original.disabled) copy.disabled = original.disabled;
  if (price === null) return false;
  setText(copy, BUY_BUTTON_TEXTS.preorder(price));
  return true;
}

/**
 * Out of pre-order mode (a variant bought outright selected after one open for pre-order): the
 * copy goes, and the pre-order button it stood for shows again where the theme shows it.
 */
function leavePreorderMode(theme: ThemeAdapter): void {
  const copy = document.querySelector(`[${PREORDER_COPY}]`);
  if (!copy || !theme.preorderButton) return;
  copy.remove();
  const original = document.querySelector<HTMLButtonElement>(
    `${theme.preorderButton}:not([${PREORDER_COPY}])`,
  );
  if (original) original.hidden = false;
}

/**
 * Hides the selling-plan group when it holds exactly one option. True when the payment options
 * show as they should: no group, a group of another number of options, or a hidden one.
 */
function hideSingleSellingPlan({ sellingPlanGroup, sellingPlanOptions }: ThemeAdapter): boolean {
  const group = sellingPlanGroup && document.querySelector<HTMLElement>(sellingPlanGroup);
  if (!group || !sellingPlanOptions) return true;
  if (document.querySelectorAll(sellingPlanOptions).length !== 1) return true;
  if (!group.hidden) group.hidden = true;
  return Boolean(group.hidden);
}

/** Whether the narrow-screen rule of the enhancer's styles is in force on the page. */
function narrowScreenRuleApplies(): boolean {
  const style = document.getElementById(BUY_BUTTON_STYLE_ID);
  return (
    document.documentElement.hasAttribute(BUY_BUTTONS_STATE) &&
    style instanceof HTMLStyleElement &&
    style.sheet !== null
  );
}

/**
 * The product page's buy button enhancer, on pages whose path contains '/products/'. A 60 px
 * skeleton covers the buy buttons, and the back-in-stock widget stays hidden, until five steps are
 * done, and for 150 ms more (unless the theme printed them as they end, from the price it printed,
 * and marked them ready before the first paint: then nothing covers them while the steps confirm):
 * - price: the price widget showed its price, or a theme's own price text has been stable for
 *   100 ms, or no price was found after the retries, or the page has no price container, which
 *   completes this step and the next at once;
 * - button: a buy button shows that price ('for {price}', 'Pre Order for {price}'), or Add to cart
 *   shows none because it cannot be bought, or 3000 ms have passed;
 * - responsive: the rule that gives the buy buttons and the disclaimer way to the footer on narrow
 *   screens is in force;
 * - footer: the sticky footer holds its copy of the buy buttons, or the
 *   page has no sticky footer;
 * - payment options: the selling-plan group shows as it should, hidden with exactly one option.
 * Each completes on its own, once the page has what it describes. Then the buttons keep following
 * the price, the variant and the pre-order mode, which turns on with the pre-order show event, or
 * its flag when the event came before this started, and off with the pre-order hide event.
 * Returns the function that stops.
 */
export function startBuyButtons(theme: ThemeAdapter): () => void {
  if (!isProductPage()) return () => {};
  const productForm = document.querySelector(theme.productForm);
  if (!productForm) return () => {};

  injectStyles(BUY_BUTTON_STYLE_ID, buyButtonStyles(theme));
  const root = document.documentElement;
  // A theme that printed the buy buttons as they end (snippets/knitfront-buy-buttons-printed.liquid
  // in the knitfront theme) marked them ready before the first paint: a skeleton would only hide
  // what already shows. The steps run all the same, and correct what differs.
  if (root.getAttribute(BUY_BUTTONS_STATE) !== 'ready')
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

  const footer = createCtaFooter(theme);
  const forceButton = setTimeout(() => {
    console.warn(MESSAGES.buttonStepForced);
    steps.complete('button');
  }, BUTTON_STEP_TIMEOUT_MS);

  /**
   * Brings the buy buttons and the footer to what they show now, changing only what differs, and
   * completes each step whose condition the page now meets.
   */
  function apply() {
    const preorderPrice = showChargedOnPreorder(theme, price);
    const onAddToCart = price !== null && showPriceOnAddToCart(theme, price);
    if (!preorderMode) leavePreorderMode(theme);
    const onPreorder = preorderMode && showPriceOnPreorder(theme, preorderPrice);
    if (onAddToCart || onPreorder) {
      clearTimeout(forceButton);
      steps.complete('button');
    }
    if (hideSingleSellingPlan(theme)) steps.complete('paymentOptions');
    if (footer === null || footer.sync()) steps.complete('footer');
    if (narrowScreenRuleApplies()) steps.complete('responsive');
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

  let stopPrice = () => {};
  if (document.querySelector(theme.priceContainer)) {
    stopPrice = watchPrice(theme, {
      onStablePrice(stablePrice) {
        price = stablePrice;
        steps.complete('price');
        apply();
      },
      onGiveUp: () => steps.complete('price'),
    });
  } else {
    // A theme without the price container has no price to wait for, nor one to put on a button.
    clearTimeout(forceButton);
    steps.complete('price');
    steps.complete('button');
  }

  const onPreorderShow = () => {
    preorderMode = true;
    apply();
  };
  const onPreorderHide = () => {
    preorderMode = false;
    apply();
  };
  document.addEventListener(EVENTS.preorderShow, onPreorderShow);
  document.addEventListener(EVENTS.preorderHide, onPreorderHide);
  // The pre-order's charge at checkout follows the payment option picked and the display currency.
  productForm.addEventListener('change', apply);
  const stopMarket = marketStore.subscribe(apply);

  apply();

  return () => {
    stopPrice();
    formChanges.disconnect();
    footer?.stop();
    document.removeEventListener(EVENTS.preorderShow, onPreorderShow);
    document.removeEventListener(EVENTS.preorderHide, onPreorderHide);
    productForm.removeEventListener('change', apply);
    stopMarket();
    clearTimeout(forceButton);
    clearTimeout(hideSkeleton);
    clearInterval(completionPoll);
    root.removeAttribute(BUY_BUTTONS_STATE);
  };
}
