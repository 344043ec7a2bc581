import { useId } from 'react';
import { MESSAGES } from '../constants';
import type { KnitterReviews } from './useKnitterReviews';
import { FEEDBACK_HEADING, REVIEWS_LOAD_FAILED, SHOW_OLDER } from './texts';

/**
 * A knitter's feedback: a grey 16:9 placeholder while it loads, then the spec's empty message or
 * the reviews, newest first, each with its author, its date in the browser's own date format and
 * its text. Every text shows as text.
 */
export function FeedbackList({ feedback }: { feedback: KnitterReviews }) {
  const headingId = useId();
  const { status, reviews } = feedback;
  return (
    <section className="kf-feedback" aria-labelledby={headingId} aria-busy={status === 'loading'}>
      <h3 id={headingId} className="kf-knitter__heading">
        {FEEDBACK_HEADING}
      </h3>
      {status === 'loading' && <div className="kf-placeholder" aria-hidden="true" />}
      {status === 'failed' && <p className="kf-feedback__note">{REVIEWS_LOAD_FAILED}</p>}
      {status === 'loaded' && reviews.length === 0 && (
        <p className="kf-feedback__note">{MESSAGES.noReviews}</p>
      )}
      {reviews.length > 0 && (
        <ol className="kf-feedback__list">
          {reviews.map((review) => (
            <li key={review.id} className="kf-review">
              <h4 className="kf-review__author">{review.created_by}</h4>
              <time className="kf-review__date" dateTime={review.created_at}>
                {new Date(review.created_at).toLocaleDateString()}
              </time>
              <p className="kf-review__body">{review.body}</p>
            </li>
          ))}
        </ol>
      )}
      {feedback.hasOlder && (
        <button
          type="button"
          className="kf-button kf-button--secondary"
          aria-disabled={feedback.loadingOlder}
          onClick={feedback.showOlder}
        >
          {SHOW_OLDER}
        </button>
      )}
    </section>
  );
}
