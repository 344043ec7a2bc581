import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../constants';
import { postReview, type Review } from './api';
import { showsSomething } from './shows-something';
import { BODY_LABEL, FORM_HEADING, NAME_LABEL, REVIEW_PENDING, SENDING, SUBMIT } from './texts';

type Status = 'idle' | 'sending' | 'success' | 'error';

/**
 * The feedback form: a name and a text, sent once however often it is clicked. Its submit button
 * is disabled while either is empty, that is holds nothing that shows, as the API would refuse
 * it. Success replaces the form with the spec's message (and, when the shop approves reviews
 * first, says so) and lists the review; a failure shows the spec's message above the button and
 * keeps what was typed.
 *
 * The API's honeypot field sits out of sight and out of the accessibility tree: only a bot that
 * fills in every field fills it, and the API then refuses the review.
 */
export function FeedbackForm({
  knitterId,
  onPosted,
}: {
  knitterId: number;
  onPosted: (review: Review) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status === 'success') successRef.current?.focus();
  }, [status]);

  const empty = !showsSomething(name) || !showsSomething(body);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || sending.current) return;
    sending.current = true;
    setStatus('sending');
    try {
      const review = await postReview(knitterId, { body, created_by: name, website });
      if (review.status === 'pending') setPending(true);
      else onPosted(review);
      setStatus('success');
    } catch (error) {
      console.error(MESSAGES.reviewSubmitFailed, error);
      setStatus('error');
    } finally {
      sending.current = false;
    }
  };

  if (status === 'success') {
    return (
      <div ref={successRef} className="kf-feedback-form__success" role="status" tabIndex={-1}>
        <p>{MESSAGES.reviewSubmitted}</p>
        {pending && <p>{REVIEW_PENDING}</p>}
      </div>
    );
  }

  return (
    <form
      className="kf-feedback-form"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={submit}
    >
      <h3 id={`${id}-heading`} className="kf-knitter__heading">
        {FORM_HEADING}
      </h3>
      <label className="kf-field">
        <span className="kf-field__label">{NAME_LABEL}</span>
        <input
          className="kf-field__input"
          name="created_by"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="kf-field">
        <span className="kf-field__label">{BODY_LABEL}</span>
        <textarea
          className="kf-field__input"
          name="body"
          rows={4}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      <div className="kf-honeypot" aria-hidden="true">
        <input
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      {status === 'error' && (
        <p className="kf-feedback-form__error" role="alert">
          {MESSAGES.reviewSubmitFailed}
        </p>
      )}
      <button
        type="submit"
        className="kf-button"
        disabled={empty}
        aria-disabled={status === 'sending'}
      >
        {status === 'sending' ? SENDING : SUBMIT}
      </button>
    </form>
  );
}
