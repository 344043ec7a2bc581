import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCORDION_CLOSE_S,
  ACCORDION_OPEN_S,
  KNITTER_PARAM,
  KNITTER_SCROLL_OFFSET_DESKTOP_PX,
  KNITTER_SCROLL_OFFSET_MOBILE_PX,
  MESSAGES,
  REVIEWS_PAGE_SIZE,
} from '../constants';
import { requested } from '../test/api';
import { answerKnitters, answerPosts, answerReviews, KNITTERS, review } from '../test/knitters';
import { ORIGIN, server } from '../test/server';
import { KnittersPage } from './KnittersPage';
import {
  BODY_LABEL,
  FEEDBACK_HEADING,
  FORM_HEADING,
  KNITTERS_LOAD_FAILED,
  NAME_LABEL,
  REVIEWS_LOAD_FAILED,
  SHOW_OLDER,
  SUBMIT,
} from './texts';

const OPEN_MS = ACCORDION_OPEN_S * 1000;
const CLOSE_MS = ACCORDION_CLOSE_S * 1000;
const PANEL_HEIGHT = 640;

const header = (name: string) => screen.getByRole('button', { name });
const panelOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
const reviewRequests = () =>
  requested.filter((url) => /^\/api\/knitters\/\d+\/reviews$/.test(url.pathname));

/** Lets answers arrive and render (msw answers on the next turns of the event loop). */
async function settle() {
  for (let turn = 0; turn < 10; turn++) {
    await act(() => new Promise((resolve) => setImmediate(resolve)));
  }
}

/** Moves the fake clock on, rendering what follows. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Renders the page with its knitters listed, on a fake clock. */
async function renderPage() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  render(<KnittersPage />);
  await settle();
}

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  answerKnitters();
  answerReviews({});
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  // jsdom lays nothing out: give the panels a content height and the page a width.
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get: () => PANEL_HEIGHT,
  });
  window.innerWidth = 1280;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (window as { matchMedia?: unknown }).matchMedia;
  window.history.replaceState(null, '', '/');
});

describe('the knitters page', () => {
  it("shows 'All Knitters' and the grey placeholder until the knitters arrive", async () => {
    render(<KnittersPage />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.knittersTitle);
    const placeholder = () => document.querySelector('.kf-knitters__placeholder.kf-placeholder');
    expect(placeholder()?.getAttribute('aria-hidden')).toBe('true');

    await screen.findByRole('button', { name: KNITTERS[0]?.name });
    expect(placeholder()).toBeNull();
  });

  it('lists an item per knitter, closed, with its avatar, name and arrow', async () => {
    await renderPage();

    const headers = screen.getAllByRole('button');
    expect(headers.map((button) => button.textContent)).toEqual(KNITTERS.map((k) => k.name));
    for (const [index, button] of headers.entries()) {
      expect(button.closest('h2')).not.toBeNull();
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(button).hidden).toBe(true);
      expect(button.querySelector('img')?.getAttribute('src')).toBe(KNITTERS[index]?.avatar);
      expect(button.querySelector('.kf-knitter__arrow')?.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('shows the description, the photo, the feedback and the form of an opened item', async () => {
    await renderPage();
    const button = header(KNITTERS[1]!.name);

    fireEvent.click(button);
    await elapse(OPEN_MS);
    await settle();

    const panel = within(panelOf(button));
    expect(panel.getByText(KNITTERS[1]!.description)).toBeTruthy();
    expect(panel.getByRole('img', { name: KNITTERS[1]!.name }).getAttribute('src')).toBe(
      KNITTERS[1]!.photo,
    );
    expect(panel.getByRole('heading', { name: FEEDBACK_HEADING })).toBeTruthy();
    expect(panel.getByRole('form', { name: FORM_HEADING })).toBeTruthy();
  });

  it('says so when the knitters cannot be loaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${ORIGIN}/api/knitters`, () => HttpResponse.error()));

    render(<KnittersPage />);

    expect(await screen.findByText(KNITTERS_LOAD_FAILED)).toBeTruthy();
    expect(log).toHaveBeenCalledWith(KNITTERS_LOAD_FAILED, expect.anything());
  });
});

describe('opening and closing an item', () => {
  it(`animates the height and fades the content in over ${ACCORDION_OPEN_S} s`, async () => {
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    const panel = panelOf(button);

    fireEvent.click(button);

    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(panel.dataset.phase).toBe('opening');
    expect(panel.style.height).toBe(`${PANEL_HEIGHT}px`);
    expect(panel.style.opacity).toBe('1');
    expect(panel.style.transition).toBe(
      `height ${ACCORDION_OPEN_S}s ease, opacity ${ACCORDION_OPEN_S}s ease`,
    );

    await elapse(OPEN_MS - 1);
    expect(panel.dataset.phase).toBe('opening');

    await elapse(1);
    expect(panel.dataset.phase).toBe('open');
    expect(panel.style.height).toBe('');
    expect(panel.style.transition).toBe('');
  });

  it(`collapses the panel and fades it out over ${ACCORDION_CLOSE_S} s`, async () => {
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    const panel = panelOf(button);
    fireEvent.click(button);
    await elapse(OPEN_MS);

    fireEvent.click(button);

    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.phase).toBe('closing');
    expect(panel.style.height).toBe('0px');
    expect(panel.style.opacity).toBe('0');
    expect(panel.style.transition).toBe(
      `height ${ACCORDION_CLOSE_S}s ease, opacity ${ACCORDION_CLOSE_S}s ease`,
    );

    await elapse(CLOSE_MS - 1);
    expect(panel.hidden).toBe(false);

    await elapse(1);
    expect(panel.dataset.phase).toBe('closed');
    expect(panel.hidden).toBe(true);
  });

  it('turns back from where it is when toggled mid-animation', async () => {
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    const panel = panelOf(button);

    fireEvent.click(button);
    await elapse(OPEN_MS / 2);
    fireEvent.click(button);

    expect(panel.dataset.phase).toBe('closing');
    expect(panel.style.height).toBe('0px');
    await elapse(CLOSE_MS);
    expect(panel.hidden).toBe(true);
    // The opening's timer was cancelled: the item stays closed.
    await elapse(OPEN_MS);
    expect(panel.dataset.phase).toBe('closed');
  });

  it('opens and closes at once when the shopper prefers reduced motion', async () => {
    window.matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    })) as unknown as typeof window.matchMedia;
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    const panel = panelOf(button);

    fireEvent.click(button);
    expect(panel.dataset.phase).toBe('open');
    expect(panel.style.transition).toBe('');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'auto' }));

    fireEvent.click(button);
    expect(panel.hidden).toBe(true);
  });

  it.each([
    [1280, KNITTER_SCROLL_OFFSET_DESKTOP_PX],
    [1024, KNITTER_SCROLL_OFFSET_DESKTOP_PX],
    [1023, KNITTER_SCROLL_OFFSET_MOBILE_PX],
    [390, KNITTER_SCROLL_OFFSET_MOBILE_PX],
  ])('scrolls an opened item to %i px wide %i px below the top', async (width, offset) => {
    window.innerWidth = width;
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 300 });
    await renderPage();
    const button = header(KNITTERS[2]!.name);
    vi.spyOn(button.closest('.kf-knitter')!, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 700, width, height: 80 }),
    );

    fireEvent.click(button);
    await elapse(OPEN_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    await elapse(1);

    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({
      top: 700 + 300 - offset,
      behavior: 'smooth',
    });
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it(`opens the item of the ${KNITTER_PARAM} parameter on load, at once, and scrolls to it`, async () => {
    window.history.replaceState(null, '', `/pages/knitters?${KNITTER_PARAM}=2`);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 900, width: 1280, height: 80 }),
    );
    await renderPage();
    const button = header(KNITTERS[1]!.name);

    // Open from the first render, with no animation: growing as the page loads would move
    // the items below it.
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panelOf(button).dataset.phase).toBe('open');
    expect(panelOf(button).style.transition).toBe('');
    expect(header(KNITTERS[0]!.name).getAttribute('aria-expanded')).toBe('false');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({
      top: 900 - KNITTER_SCROLL_OFFSET_DESKTOP_PX,
      behavior: 'smooth',
    });
    expect(reviewRequests().map((url) => url.pathname)).toEqual(['/api/knitters/2/reviews']);

    // Closing and opening it again animates as any other.
    fireEvent.click(button);
    expect(panelOf(button).dataset.phase).toBe('closing');
  });

  it(`fetches the feedback of the ${KNITTER_PARAM} parameter's knitter beside the knitters, and shows both together`, async () => {
    window.history.replaceState(null, '', `/pages/knitters?${KNITTER_PARAM}=2`);
    let answerFeedback!: () => void;
    const feedbackHeld = new Promise<void>((resolve) => (answerFeedback = resolve));
    answerReviews({ 2: [review(5, 2, '2024-01-01T00:00:00Z')] });
    server.use(
      http.get(`${ORIGIN}/api/knitters/:id/reviews`, async () => {
        await feedbackHeld;
        return undefined;
      }),
    );
    const feedbackPlaceholders: Element[] = [];
    const observer = new MutationObserver(() =>
      feedbackPlaceholders.push(
        ...document.querySelectorAll('[data-knitter-id="2"] .kf-feedback .kf-placeholder'),
      ),
    );
    observer.observe(document.body, { childList: true, subtree: true });
    await renderPage();

    // The knitters are here, the feedback not yet: the page's placeholder stays.
    expect(reviewRequests().map((url) => url.pathname)).toEqual(['/api/knitters/2/reviews']);
    expect(screen.queryByRole('button', { name: KNITTERS[1]!.name })).toBeNull();
    expect(document.querySelector('.kf-knitters__placeholder')).not.toBeNull();

    answerFeedback();
    await settle();
    observer.disconnect();
    const feedback = panelOf(header(KNITTERS[1]!.name)).querySelector('.kf-feedback')!;
    expect(within(feedback as HTMLElement).getByText('Review 5')).toBeTruthy();
    expect(feedback.getAttribute('aria-busy')).toBe('false');
    expect(feedbackPlaceholders).toEqual([]);
    expect(reviewRequests()).toHaveLength(1);
  });

  it(`says so in the ${KNITTER_PARAM} parameter's item when its feedback cannot be loaded`, async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', `/pages/knitters?${KNITTER_PARAM}=2`);
    server.use(
      http.get(`${ORIGIN}/api/knitters/:id/reviews`, () =>
        HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }),
      ),
    );
    await renderPage();

    expect(within(panelOf(header(KNITTERS[1]!.name))).getByText(REVIEWS_LOAD_FAILED)).toBeTruthy();
    expect(log).toHaveBeenCalledExactlyOnceWith(REVIEWS_LOAD_FAILED, expect.any(Error));
    expect(reviewRequests()).toHaveLength(1);
  });

  for (const param of ['abc', '0', '-2', '02', '2.5']) {
    it(`asks no feedback for a ${KNITTER_PARAM} parameter of ${param}, which is no knitter id`, async () => {
      window.history.replaceState(null, '', `/pages/knitters?${KNITTER_PARAM}=${param}`);
      await renderPage();

      expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
      expect(reviewRequests()).toHaveLength(0);
    });
  }

  it(`opens nothing for a ${KNITTER_PARAM} parameter that names no knitter`, async () => {
    window.history.replaceState(null, '', `/pages/knitters?${KNITTER_PARAM}=99`);
    await renderPage();

    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('moves between the headers with the arrows, Home and End', async () => {
    await renderPage();
    const [first, second, third] = KNITTERS.map((k) => header(k.name));
    first!.focus();

    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
    press('ArrowDown');
    expect(document.activeElement).toBe(second);
    press('End');
    expect(document.activeElement).toBe(third);
    press('ArrowDown');
    expect(document.activeElement).toBe(first);
    press('ArrowUp');
    expect(document.activeElement).toBe(third);
    press('Home');
    expect(document.activeElement).toBe(first);
  });
});

describe('the feedback list', () => {
  it('is fetched only once the item is open and no longer animating', async () => {
    await renderPage();
    const button = header(KNITTERS[0]!.name);

    await settle();
    expect(reviewRequests()).toHaveLength(0);

    fireEvent.click(button);
    await elapse(OPEN_MS - 1);
    await settle();
    expect(reviewRequests()).toHaveLength(0);
    expect(panelOf(button).querySelector('.kf-placeholder')).not.toBeNull();

    await elapse(1);
    await settle();
    expect(reviewRequests().map((url) => url.pathname + url.search)).toEqual([
      `/api/knitters/1/reviews?limit=${REVIEWS_PAGE_SIZE}`,
    ]);
  });

  it('is fetched once however often the item opens', async () => {
    await renderPage();
    const button = header(KNITTERS[0]!.name);

    for (let time = 0; time < 3; time++) {
      fireEvent.click(button);
      await elapse(OPEN_MS);
      await settle();
      fireEvent.click(button);
      await elapse(CLOSE_MS);
    }

    expect(reviewRequests()).toHaveLength(1);
  });

  it('shows a grey 16:9 placeholder, then the empty message', async () => {
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    fireEvent.click(button);
    await elapse(OPEN_MS - 1);

    const feedback = panelOf(button).querySelector('.kf-feedback') as HTMLElement;
    expect(feedback.querySelector('.kf-placeholder')?.getAttribute('aria-hidden')).toBe('true');
    expect(feedback.getAttribute('aria-busy')).toBe('true');

    await elapse(1);
    await settle();
    expect(feedback.querySelector('.kf-placeholder')).toBeNull();
    expect(feedback.getAttribute('aria-busy')).toBe('false');
    expect(within(feedback).getByText(MESSAGES.noReviews)).toBeTruthy();
  });

  it("shows the reviews newest first, with author, the date in the browser's format and text", async () => {
    const reviews = [
      review(12, 1, '2025-03-14T12:00:00Z', { created_by: 'Ona', body: 'Warm.\nAnd soft.' }),
      review(11, 1, '2024-11-02T09:30:00Z', {
        created_by: '<b>Jonas</b>',
        body: '<script>alert(1)</script>',
      }),
    ];
    answerReviews({ 1: reviews });
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    fireEvent.click(button);
    await elapse(OPEN_MS);
    await settle();

    const items = [...panelOf(button).querySelectorAll('.kf-review')];
    expect(
      items.map((item) => ({
        author: item.querySelector('h4')?.textContent,
        date: item.querySelector('time')?.textContent,
        dateTime: item.querySelector('time')?.getAttribute('datetime'),
        body: item.querySelector('p')?.textContent,
      })),
    ).toEqual(
      reviews.map((r) => ({
        author: r.created_by,
        date: new Date(r.created_at).toLocaleDateString(),
        dateTime: r.created_at,
        body: r.body,
      })),
    );
    // jsdom's default locale is en-US: the dates read as a shopper there sees them.
    expect(items.map((item) => item.querySelector('time')?.textContent)).toEqual([
      '3/14/2025',
      '11/2/2024',
    ]);
    // Text stays text: no element came from a review.
    expect(panelOf(button).querySelector('script, b')).toBeNull();
  });

  it('fetches older reviews on request, after the first page', async () => {
    const reviews = Array.from({ length: REVIEWS_PAGE_SIZE + 3 }, (_, i) =>
      review(100 - i, 1, new Date(Date.UTC(2025, 0, 30 - i)).toISOString()),
    );
    answerReviews({ 1: reviews });
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    fireEvent.click(button);
    await elapse(OPEN_MS);
    await settle();
    const panel = within(panelOf(button));
    expect(panel.getAllByRole('listitem')).toHaveLength(REVIEWS_PAGE_SIZE);

    fireEvent.click(panel.getByRole('button', { name: SHOW_OLDER }));
    await settle();

    expect(
      panel.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent),
    ).toEqual(reviews.map((r) => r.body));
    expect(panel.queryByRole('button', { name: SHOW_OLDER })).toBeNull();
    expect(reviewRequests().map((url) => url.searchParams.get('cursor'))).toEqual([
      null,
      String(REVIEWS_PAGE_SIZE),
    ]);
  });

  it('lists a review the visitor posts at the top, once', async () => {
    answerReviews({ 1: [review(5, 1, '2024-01-01T00:00:00Z')] });
    answerPosts();
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    fireEvent.click(button);
    await elapse(OPEN_MS);
    await settle();
    const panel = within(panelOf(button));

    fireEvent.change(panel.getByLabelText(NAME_LABEL), { target: { value: 'Ona' } });
    fireEvent.change(panel.getByLabelText(BODY_LABEL), {
      target: { value: 'Warm and soft.' },
    });
    fireEvent.click(panel.getByRole('button', { name: SUBMIT }));
    await settle();

    expect(panel.getByRole('status').textContent).toBe(MESSAGES.reviewSubmitted);
    expect(panel.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Ona${new Date('2025-03-14T12:00:00Z').toLocaleDateString()}Warm and soft.`,
      `Visitor 5${new Date('2024-01-01T00:00:00Z').toLocaleDateString()}Review 5`,
    ]);
  });

  it('says so when the feedback cannot be loaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(`${ORIGIN}/api/knitters/:id/reviews`, () =>
        HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }),
      ),
    );
    await renderPage();
    const button = header(KNITTERS[0]!.name);
    fireEvent.click(button);
    await elapse(OPEN_MS);
    await settle();

    expect(within(panelOf(button)).getByText(REVIEWS_LOAD_FAILED)).toBeTruthy();
    expect(log).toHaveBeenCalledWith(REVIEWS_LOAD_FAILED, expect.any(Error));
  });

  it("logs 'No id provided' for a knitter without an id, and fetches nothing", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const withoutId = { ...KNITTERS[0]!, id: undefined };
    answerKnitters([withoutId]);
    await renderPage();
    const button = header(withoutId.name);

    fireEvent.click(button);
    await elapse(OPEN_MS);
    await settle();

    expect(log).toHaveBeenCalledWith(MESSAGES.knitterIdMissing);
    expect(reviewRequests()).toHaveLength(0);
    expect(within(panelOf(button)).queryByRole('form')).toBeNull();
  });
});
