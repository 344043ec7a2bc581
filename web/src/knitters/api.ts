import { REVIEWS_PAGE_SIZE } from '../constants';
import { apiURL } from '../api/knitfront';

/** A knitter as GET /api/knitters gives one. */
export interface Knitter {
  id?: number;
  name: string;
  description: string;
  photo: string;
  avatar: string;
}

/** A row of knitter_reviews as the API shows it; created_at is RFC 3339 in UTC. */
export interface Review {
  id: number;
  knitter_id: number;
  body: string;
  created_by: string;
  created_at: string;
}

/** A page of reviews, newest first; nextCursor asks for the next, older page. */
export interface ReviewPage {
  reviews: Review[];
  nextCursor: string | null;
}

/** A posted review: "published" is listed at once, "pending" waits for the shop's approval. */
export interface PostedReview extends Review {
  status: 'published' | 'pending';
}

/** What the feedback form posts. website is the API's honeypot: people leave it empty. */
export interface ReviewSubmission {
  body: string;
  created_by: string;
  website: string;
}

/** GET knitters: the shop's knitters, in its order. */
export async function getKnitters(signal?: AbortSignal): Promise<Knitter[]> {
  const body = await request<{ knitters?: unknown }>('knitters', { signal });
  return listIn(body.knitters).flatMap(toKnitter);
}

/**
 * GET knitters/{id}/reviews: one page of a knitter's reviews, newest first. The browser asks the
 * server each time (a 304 when nothing changed): the API lets caches keep reviews for a few
 * seconds, and a visitor who has just posted and reloads must not get the list from before.
 */
export async function getReviews(
  knitterId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReviewPage> {
  const query = new URLSearchParams({ limit: String(REVIEWS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  const body = await request<{ reviews?: unknown; next_cursor?: string | null }>(
    `knitters/${knitterId}/reviews?${query}`,
    { cache: 'no-cache', signal },
  );
  return { reviews: listIn<Review>(body.reviews), nextCursor: body.next_cursor ?? null };
}

/** POST knitters/{id}/reviews: stores a visitor's review and answers the stored row. */
export async function postReview(
  knitterId: number,
  submission: ReviewSubmission,
): Promise<PostedReview> {
  return request<PostedReview>(`knitters/${knitterId}/reviews`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(submission),
  });
}

/**
 * The JSON of the API's OK answer to a call; any other answer throws, for the log, its status and
 * the API's error code and message, as "429 rate_limited: Too many reviews.".
 */
async function request<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(apiURL(path), init);
  if (response.ok) return (await response.json()) as T;
  const { error } = (await response.json().catch(() => ({}))) as {
    error?: { code?: string; message?: string };
  };
  throw new Error(
    `${response.status} ${error?.code ?? 'unknown'}: ${error?.message ?? response.statusText}`,
  );
}

/** The list an answer holds; an answer without one is not the API's. */
function listIn<T = unknown>(value: unknown): T[] {
  if (!Array.isArray(value)) throw new Error('no list in the answer');
  return value as T[];
}

/** A knitter from the answer's entry, or none for an entry without a name. */
function toKnitter(value: unknown): Knitter[] {
  if (typeof value !== 'object' || value === null) return [];
  const { id, name, description, photo, avatar } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') return [];
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  return [
    {
      id: Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined,
      name,
      description: text(description),
      photo: text(photo),
      avatar: text(avatar),
    },
  ];
}
