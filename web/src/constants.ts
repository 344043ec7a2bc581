// Every constant, name and message of the widgets' rules, once; code and tests import them here.

// Currencies and markets, generated from the one table of them in internal/money (run
// go generate ./internal/money after changing it); a currency outside the list is reset to EUR.
export {
  CURRENCIES,
  DEFAULT_CURRENCY,
  MARKET_CURRENCIES,
  type Currency,
  type CurrencyOption,
} from './generated/currencies';

// Money display: no fraction digits, narrow symbol. The rules name no locale; English
// puts the symbol first with no space, as the theme's own money strings do.
export const MONEY_LOCALE = 'en';
/** The theme's price placeholder: the price is not known yet. */
export const PRICE_PLACEHOLDER = '-1';
/** A compared price meaning "none", like an empty one. */
export const NO_DISCOUNT = 'nodiscount';

// The five price placements; ProductDetailsPagePrice is the default.
export const PRICE_TYPES = [
  'CartItemPrice',
  'CartTotalPrice',
  'CollectionItemPrice',
  'ProductDetailsPagePrice',
  'SearchCardPrice',
] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
export const DEFAULT_PRICE_TYPE: PriceType = 'ProductDetailsPagePrice';
export const BADGE_THEMES = ['small', 'big'] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

// Browser state: the localStorage keys and the cookies the widgets read.
export const STORAGE_KEYS = {
  displayCurrency: 'displayCurrency',
  marketCurrency: 'marketCurrency',
  localization: 'localization',
  sweepVersion: 'storage_cleared_at',
} as const;
export const COOKIES = { cartCurrency: 'cart_currency', localization: 'localization' } as const;
/** Query parameter that sets the market and is then removed from the address. */
export const COUNTRY_PARAM = 'country';
/** Query parameter that shows the developer panel. */
export const DEBUG_PARAM = 'debug';
/** sessionStorage key prefix of the rates fetched in this visit, one key per market currency. */
export const RATES_SESSION_KEY_PREFIX = 'knitfront:rates:';
/** The product page is any page whose path contains this. */
export const PRODUCT_PATH_PART = '/products/';
/** Whether the shopper is on a product page. */
export const isProductPage = (): boolean => window.location.pathname.includes(PRODUCT_PATH_PART);
/** Query parameter naming the knitter whose item the knitters page opens on load. */
export const KNITTER_PARAM = 'knitter';

// Page events (CustomEvents on document; docs/design.md lists them). cartUpdated carries the cart
// as its detail and, as the event's cartRequest, the path of the cart call behind it (api/cart.ts).
export const EVENTS = {
  cartUpdated: 'knitfront:cart-updated',
  cartFixApplied: 'knitfront:cart-fix-applied',
  preorderShow: 'knitfront:preorder-show',
  /** The selected variant is no more open for pre-order: pre-order mode ends. */
  preorderHide: 'knitfront:preorder-hide',
  /**
   * Dispatched by a product-price, bubbling, each time it shows a price; its detail is the price
   * (amount in minor units, currency, formatted text, variant id). The buy buttons read it.
   */
  priceShown: 'knitfront:price-shown',
  /**
   * Dispatched on the document once jQuery and CartJS, loaded on demand, have run and before
   * CartJS starts: whoever listens to CartJS's jQuery events (the theme, the cart enhancers)
   * subscribes then, and so hears cart.ready.
   */
  cartLibraryLoaded: 'knitfront:cart-library-loaded',
} as const;

// The buy button enhancer's steps: the skeleton covers the buy buttons until all are done.
export const BUY_BUTTON_STEPS = [
  'price',
  'button',
  'responsive',
  'footer',
  'paymentOptions',
] as const;
export type BuyButtonStep = (typeof BUY_BUTTON_STEPS)[number];

// Storefront GraphQL: the API version the queries are written for, and the variant
// metafield holding a pre-order message.
export const STOREFRONT_API_VERSION = '2026-10';
export const PREORDER_METAFIELD = { namespace: 'custom', key: 'preordercontent' } as const;

// Timing and limits.
export const PRICE_RETRY_LIMIT = 100;
export const PRICE_RETRY_INTERVAL_MS = 150;
// A theme's own price text is taken once it has stayed the same this long; the price widget's is
// final when it shows it, and is taken at once.
export const PRICE_STABLE_DELAY_MS = 100;
export const BUTTON_STEP_TIMEOUT_MS = 3000;
export const SKELETON_HEIGHT_PX = 60;
export const SKELETON_HIDE_DELAY_MS = 150;
export const COMPLETION_POLL_MS = 5000;
export const CART_RECALC_DEBOUNCE_MS = 100;
export const CART_FIX_START_DELAY_MS = 1000;
export const CART_NOTE_DEBOUNCE_MS = 500;
export const SWEEP_VERSION = '2025-05-23-v2';
export const BREAKPOINT_MOBILE_PX = 767;
export const BREAKPOINT_DESKTOP_PX = 1024;
export const CART_LINES_LIMIT = 50;
export const PRODUCT_VARIANTS_LIMIT = 10;
export const PREORDER_STRIP_FLY_IN_MS = 300;
export const ACCORDION_OPEN_S = 0.3;
export const ACCORDION_CLOSE_S = 0.15;
export const COLOUR_SLIDER_DELAY_MS = 100;
export const KNITTER_SCROLL_OFFSET_DESKTOP_PX = 114;
export const KNITTER_SCROLL_OFFSET_MOBILE_PX = 52;
export const RECOMMENDATION_SPEND_GOAL_DEFAULT = 1;
export const RECOMMENDATION_ALREADY_SPENT_DEFAULT = 2;

// The most ids the API takes in one batch discount request.
export const DISCOUNT_BATCH_MAX_IDS = 250;
/** Reviews asked for at a time; older ones come with the list's "show older" button. */
export const REVIEWS_PAGE_SIZE = 20;

// Messages, to the letter.
export const MESSAGES = {
  marketRequired: 'Market is required',
  idRequired: 'Either variant or product id is required is required',
  variantDiscountFailed: (statusText: string) =>
    `Failed to get variant automatic discount: ${statusText}`,
  variantDiscountUnreadable: 'Failed to read variant automatic discount',
  discountLookupInvalid: (market: string, id: string) =>
    `No automatic discount lookup for market ${market} and id ${id}: not valid`,
  productDiscountFailed: (statusText: string) =>
    `Failed to get product automatic discount: ${statusText}`,
  ratesFailed: 'Failed to get currency rates',
  availableVariantsFailed: 'Failed to get available variant ids',
  priceElementMissing: 'Could not find price element',
  priceObserverGaveUp: `Price observer gave up after ${PRICE_RETRY_LIMIT} attempts`,
  buttonStepForced: `Button step forced to complete after ${BUTTON_STEP_TIMEOUT_MS} ms`,
  buyButtonSteps: 'Buy button steps completed:',
  cartJsMissing: 'Trying to add item, but CartJS is not accessible',
  cartItemIdMissing: 'Trying to add item, but id is not provided',
  reviewSubmitFailed: 'There was an error submitting your message. Please try again later.',
  reviewSubmitted: 'Review submitted successfully!',
  noReviews: 'No messages yet. Be first one to leave a feedback.',
  knitterIdMissing: 'No id provided',
  cartCreateFailed: 'Failed to create cart',
  cartLinesAddFailed: 'Error adding line items to cart',
  cartIdRequired: 'cartId is required',
  cartLinesRequired: 'lines are required',
  shopUrlMissing: 'VITE_SHOPIFY_SHOP_URL environment variable is not defined',
  knittersTitle: 'All Knitters',
  cartNotePlaceholder: 'Leave a note about your order',
  pickerOptionsInvalid: (picker: string) => `Invalid ${picker} options: not a JSON list of options`,
  cartNoteSaveFailed: 'Failed to save the cart note',
} as const;

// Texts of the widgets that only assistive technology reads.
export const PRICE_LABELS = { regular: 'Regular price', sale: 'Sale price' } as const;
export const CURRENCY_SWITCHER_LABEL = 'Currency';
export const DEV_PANEL_LABEL = 'knitfront dev panel';

/** The buy buttons' texts with the price. */
export const BUY_BUTTON_TEXTS = {
  price: (price: string) => `for ${price}`,
  preorder: (price: string) => `Pre Order for ${price}`,
} as const;

/** What assistive technology reads on a colour or size whose variant is not on sale. */
export const PICKER_UNAVAILABLE_LABEL = 'Sold out';
/** The recommendation card's button text and the names of its arrows. */
export const RECOMMENDATION_LABELS = {
  addToCart: 'Add to cart',
  previous: 'Previous recommendation',
  next: 'Next recommendation',
} as const;
