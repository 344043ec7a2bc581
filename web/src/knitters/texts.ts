// The knitters page's own texts, where the specification gives none. They live with the page's
// code, which only the knitters page loads, rather than in the constants every page loads.
export const KNITTERS_TEXTS = {
  feedbackHeading: 'Feedback',
  formHeading: 'Leave feedback',
  nameLabel: 'Your name',
  bodyLabel: 'Your feedback',
  submit: 'Send feedback',
  sending: 'Sending…',
  showOlder: 'Show older feedback',
  /** A review held for the shop's approval: posted, but not listed yet. */
  reviewPending: 'Thank you! Your feedback will appear here once we have read it.',
  knittersLoadFailed: 'The knitters could not be loaded. Please try again later.',
  reviewsLoadFailed: 'The feedback could not be loaded. Please try again later.',
} as const;
