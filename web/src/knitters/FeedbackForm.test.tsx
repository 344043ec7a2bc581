import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../constants';
import { answerPosts, holdPosts } from '../test/knitters';
import '../test/server';
import { FeedbackForm } from './FeedbackForm';
import { BODY_LABEL, FORM_HEADING, NAME_LABEL, REVIEW_PENDING, SENDING, SUBMIT } from './texts';

const nameField = () => screen.getByLabelText(NAME_LABEL);
const bodyField = () => screen.getByLabelText(BODY_LABEL);
const submit = () => screen.getByRole('button', { name: SUBMIT });

function renderForm() {
  const onPosted = vi.fn();
  render(<FeedbackForm knitterId={3} onPosted={onPosted} />);
  return onPosted;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the feedback form', () => {
  it('has a labelled field for the name and one for the text', () => {
    renderForm();

    expect(screen.getByRole('form', { name: FORM_HEADING })).toBeTruthy();
    expect(nameField().tagName).toBe('INPUT');
    expect(bodyField().tagName).toBe('TEXTAREA');
    // The honeypot is not a field people or assistive technology meet.
    expect(screen.getAllByRole('textbox')).toEqual([nameField(), bodyField()]);
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot?.tabIndex).toBe(-1);
  });

  it.each([
    ['both are empty', '', ''],
    ['the name is empty', '', 'Warm and soft.'],
    ['the text is empty', 'Ona', ''],
    ['the name is only spaces', '   ', 'Warm and soft.'],
    ['the text is only spaces', 'Ona', ' \n '],
    ['the name shows nothing (U+17B4, U+E0080)', '\u17B4\u{E0080}', 'Warm and soft.'],
    ['the text shows nothing (zero-width space, braille blank)', 'Ona', '\u200B\u2800'],
  ])('disables submit while %s', async (_, name, body) => {
    const user = userEvent.setup();
    renderForm();

    if (name) await user.type(nameField(), name);
    if (body) await user.type(bodyField(), body);

    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it('posts the name, the text and the empty honeypot, and says it succeeded', async () => {
    const posted = answerPosts();
    const user = userEvent.setup();
    const onPosted = renderForm();

    await user.type(nameField(), 'Ona');
    await user.type(bodyField(), 'Warm and soft.');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit());

    const success = await screen.findByRole('status');
    expect(success.textContent).toBe(MESSAGES.reviewSubmitted);
    expect(document.activeElement).toBe(success);
    expect(screen.queryByRole('form')).toBeNull();
    expect(posted).toHaveBeenCalledExactlyOnceWith({
      body: 'Warm and soft.',
      created_by: 'Ona',
      website: '',
    });
    expect(onPosted).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ id: 900, knitter_id: 3, created_by: 'Ona' }),
    );
  });

  it('says a review held for approval will show later, and lists nothing', async () => {
    answerPosts((body, knitterId) =>
      HttpResponse.json(
        {
          id: 901,
          knitter_id: knitterId,
          ...body,
          created_at: '2025-03-14T12:00:00Z',
          status: 'pending',
        },
        { status: 201 },
      ),
    );
    const user = userEvent.setup();
    const onPosted = renderForm();

    await user.type(nameField(), 'Ona');
    await user.type(bodyField(), 'Warm and soft.');
    await user.click(submit());

    const success = await screen.findByRole('status');
    expect(success.textContent).toBe(MESSAGES.reviewSubmitted + REVIEW_PENDING);
    expect(onPosted).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a refusal',
      () =>
        HttpResponse.json(
          { error: { code: 'invalid_body', message: 'Too long.' } },
          { status: 400 },
        ),
    ],
    [
      'a rate limit',
      () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Slow down.' } },
          { status: 429 },
        ),
    ],
    ['a server error', () => new HttpResponse('oops', { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
  ])('on %s shows the error, keeps what was typed and logs the detail', async (_, answer) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerPosts(answer);
    const user = userEvent.setup();
    const onPosted = renderForm();

    await user.type(nameField(), 'Ona');
    await user.type(bodyField(), 'Warm and soft.');
    await user.click(submit());

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.reviewSubmitFailed);
    expect((nameField() as HTMLInputElement).value).toBe('Ona');
    expect((bodyField() as HTMLTextAreaElement).value).toBe('Warm and soft.');
    expect(submit().getAttribute('aria-disabled')).toBe('false');
    expect(onPosted).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(MESSAGES.reviewSubmitFailed, expect.any(Error));
  });

  it('submits once when clicked twice', async () => {
    const { posted, release } = holdPosts();
    const user = userEvent.setup();
    renderForm();
    await user.type(nameField(), 'Ona');
    await user.type(bodyField(), 'Warm and soft.');

    await user.dblClick(submit());
    const sending = screen.getByRole('button', { name: SENDING });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    await user.click(sending);
    release();

    await screen.findByRole('status');
    expect(posted).toHaveBeenCalledOnce();
  });

  it('submits once when Enter is pressed twice in the name field', async () => {
    const { posted, release } = holdPosts();
    const user = userEvent.setup();
    renderForm();
    await user.type(bodyField(), 'Warm and soft.');

    await user.type(nameField(), 'Ona{Enter}{Enter}');
    release();

    await waitFor(() => expect(screen.queryByRole('status')).not.toBeNull());
    expect(posted).toHaveBeenCalledOnce();
  });
});
