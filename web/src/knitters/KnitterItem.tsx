import { useEffect, useId, useRef } from 'react';
import type { Knitter } from './api';
import { FeedbackForm } from './FeedbackForm';
import { FeedbackList } from './FeedbackList';
import { scrollItemIntoView } from './scroll';
import { useAccordionPanel } from './useAccordionPanel';
import { useKnitterReviews, type FirstReviews } from './useKnitterReviews';

/**
 * One knitter of the accordion (WAI-ARIA accordion pattern): a heading holding a button with the
 * avatar, the name and an arrow, which opens and closes the panel it controls; the panel holds
 * the description, the photo, the feedback and the feedback form. Once open, the item is scrolled
 * to just below the top of the screen, and its feedback is fetched (once), unless the page
 * fetched it already (firstReviews).
 */
export function KnitterItem({
  knitter,
  initiallyOpen,
  firstReviews,
}: {
  knitter: Knitter;
  initiallyOpen: boolean;
  firstReviews?: FirstReviews | undefined;
}) {
  const id = useId();
  const itemRef = useRef<HTMLDivElement>(null);
  const { phase, expanded, toggle, panelRef } = useAccordionPanel(initiallyOpen);
  const feedback = useKnitterReviews(knitter.id, phase === 'open', firstReviews);

  useEffect(() => {
    if (phase === 'open' && itemRef.current) scrollItemIntoView(itemRef.current);
  }, [phase]);

  return (
    <div ref={itemRef} className="kf-knitter" data-knitter-id={knitter.id}>
      <h2 className="kf-knitter__header">
        <button
          type="button"
          id={`${id}-button`}
          className="kf-knitter__button"
          aria-expanded={expanded}
          aria-controls={`${id}-panel`}
          onClick={toggle}
        >
          <img className="kf-knitter__avatar" src={knitter.avatar} alt="" width={48} height={48} />
          <span className="kf-knitter__name">{knitter.name}</span>
          <span className="kf-knitter__arrow" aria-hidden="true" />
        </button>
      </h2>
      <div
        ref={panelRef}
        id={`${id}-panel`}
        className="kf-knitter__panel"
        data-phase={phase}
        hidden={phase === 'closed'}
      >
        <div className="kf-knitter__content">
          <img
            className="kf-knitter__photo"
            src={knitter.photo}
            alt={knitter.name}
            width={800}
            height={600}
            loading="lazy"
          />
          <div className="kf-knitter__text">
            <p className="kf-knitter__description">{knitter.description}</p>
            <FeedbackList feedback={feedback} />
            {knitter.id !== undefined && (
              <FeedbackForm knitterId={knitter.id} onPosted={feedback.addPosted} />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
