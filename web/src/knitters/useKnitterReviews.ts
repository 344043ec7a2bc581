import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../constants';
import { getReviews, type Review, type ReviewPage } from './api';
import { REVIEWS_LOAD_FAILED } from './texts';

/** A knitter's feedback as the page knows it. */
export interface KnitterReviews {
  /** loading until the first page arrives (or while nothing was asked yet). */
  status: 'loading' | 'loaded' | 'failed';
  /** Newest first: what this visitor posted, then the pages fetched. */
  reviews: Review[];
  /** Whether older reviews are left to fetch, and whether they are being fetched. */
  hasOlder: boolean;
  loadingOlder: boolean;
  showOlder: () => void;
  /** Lists a review this visitor has just posted, at the top. */
  addPosted: (review: Review) => void;
}

/** The first page of a knitter's reviews fetched before the item showed, or why it failed. */
export type FirstReviews = ReviewPage | Error;

/**
 * The reviews of a knitter, fetched once: the first time `ready` holds (the item is open and no
 * longer animating), never again when the item closes and opens; or given, fetched already, as
 * `first`. Older pages come on request. A missing id logs the spec's 'No id provided' and
 * fetches nothing.
 */
export function useKnitterReviews(
  knitterId: number | undefined,
  ready: boolean,
  first?: FirstReviews,
): KnitterReviews {
  const firstPage = first instanceof Error ? undefined : first;
  const [fetched, setFetched] = useState<Review[]>(firstPage?.reviews ?? []);
  const [posted, setPosted] = useState<Review[]>([]);
  const [status, setStatus] = useState<KnitterReviews['status']>(
    first === undefined ? 'loading' : firstPage ? 'loaded' : 'failed',
  );
  const [cursor, setCursor] = useState<string | null>(firstPage?.nextCursor ?? null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const requested = useRef(first !== undefined);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (first instanceof Error) console.error(REVIEWS_LOAD_FAILED, first);
  }, [first]);

  const fetchPage = useCallback((id: number, after: string | null) => {
    controller.current ??= new AbortController();
    const { signal } = controller.current;
    return getReviews(id, after, signal).then(
      (page) => {
        setFetched((reviews) => [...reviews, ...page.reviews]);
        setCursor(page.nextCursor);
        setStatus('loaded');
      },
      (error: unknown) => {
        if (signal.aborted) return;
        console.error(REVIEWS_LOAD_FAILED, error);
        if (after === null) setStatus('failed');
      },
    );
  }, []);

  useEffect(() => {
    if (!ready || requested.current) return;
    requested.current = true;
    if (knitterId === undefined) {
      console.error(MESSAGES.knitterIdMissing);
      return;
    }
    void fetchPage(knitterId, null);
  }, [ready, knitterId, fetchPage]);

  useEffect(() => () => controller.current?.abort(), []);

  const showOlder = () => {
    if (knitterId === undefined || cursor === null || loadingOlder) return;
    setLoadingOlder(true);
    void fetchPage(knitterId, cursor).finally(() => setLoadingOlder(false));
  };
  const addPosted = useCallback((review: Review) => {
    setPosted((reviews) => [review, ...reviews]);
  }, []);

  return {
    status: knitterId === undefined ? 'failed' : status,
    reviews: uniqueById([...posted, ...fetched]),
    hasOlder: cursor !== null,
    loadingOlder,
    showOlder,
    addPosted,
  };
}

/** The reviews with each id once, where it first appears. */
function uniqueById(reviews: Review[]): Review[] {
  const seen = new Set<number>();
  return reviews.filter((review) => !seen.has(review.id) && seen.add(review.id));
}
