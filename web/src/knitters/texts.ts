// The knitters page's own texts, where the specification gives none. They live with the page's
// code, which only the knitters page loads, rather than in the constants every page loads.
export const FEEDBACK_HEADING = 'Feedback';
export const FORM_HEADING = 'Leave feedback';
export const NAME_LABEL = 'Your name';
export const BODY_LABEL = 'Your feedback';
export const SUBMIT = 'Send feedback';
export const SENDING = 'Sending…';
export const SHOW_OLDER = 'Show older feedback';
/** A review held for the shop's approval: posted, but not listed yet. */
export const REVIEW_PENDING = 'Thank you! Your feedback will appear here once we have read it.';
export const KNITTERS_LOAD_FAILED = 'The knitters could not be loaded. Please try again later.';
export const REVIEWS_LOAD_FAILED = 'The feedback could not be loaded. Please try again later.';
