import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { Knitter, Review } from '../knitters/api';
import { ORIGIN, server } from './server';

/** Three knitters as GET /api/knitters gives them, in the shop's order. */
export const KNITTERS: Required<Knitter>[] = [1, 2, 3].map((id) => ({
  id,
  name: ['Rūta Petrauskienė', 'Agnė Kazlauskaitė', 'Dalia Vaitkutė'][id - 1] ?? '',
  description: `Knitter ${id} knits by the window.`,
  photo: `/demo-images/knitters/${id}-photo.svg`,
  avatar: `/demo-images/knitters/${id}-avatar.svg`,
}));

/** A review of a knitter, posted at the given time. */
export function review(id: number, knitterId: number, at: string, fields: Partial<Review> = {}) {
  return {
    id,
    knitter_id: knitterId,
    body: `Review ${id}`,
    created_by: `Visitor ${id}`,
    created_at: at,
    ...fields,
  };
}

/** Answers GET /api/knitters with these knitters. */
export function answerKnitters(knitters: unknown[] = KNITTERS) {
  server.use(http.get(`${ORIGIN}/api/knitters`, () => HttpResponse.json({ knitters })));
}

/**
 * Answers GET /api/knitters/{id}/reviews from a table of reviews by knitter id, in pages of the
 * limit asked (the cursor is the index of the next review), newest first as given.
 */
export function answerReviews(reviews: Record<number, Review[]>) {
  server.use(
    http.get(`${ORIGIN}/api/knitters/:id/reviews`, ({ params, request }) => {
      const query = new URL(request.url).searchParams;
      const all = reviews[Number(params.id)] ?? [];
      const start = Number(query.get('cursor') ?? 0);
      const end = start + Number(query.get('limit'));
      return HttpResponse.json({
        reviews: all.slice(start, end),
        next_cursor: end < all.length ? String(end) : null,
      });
    }),
  );
}

/**
 * Answers POST /api/knitters/{id}/reviews with `answer` for the posted JSON (by default the
 * stored row, published), and returns the mock that records each body posted.
 */
export function answerPosts(
  answer: (body: Record<string, string>, knitterId: number) => Response = (body, knitterId) =>
    HttpResponse.json(
      {
        ...review(900, knitterId, '2025-03-14T12:00:00Z', {
          body: body.body,
          created_by: body.created_by,
        }),
        status: 'published',
      },
      { status: 201 },
    ),
) {
  const posted = vi.fn<(body: Record<string, string>) => void>();
  server.use(
    http.post(`${ORIGIN}/api/knitters/:id/reviews`, async ({ params, request }) => {
      const body = (await request.json()) as Record<string, string>;
      posted(body);
      return answer(body, Number(params.id));
    }),
  );
  return posted;
}

/**
 * Holds every review post until `release` is called, then answers it as stored; `posted` records
 * each body as it arrives.
 */
export function holdPosts() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const posted = answerPosts();
  server.use(
    http.post(`${ORIGIN}/api/knitters/:id/reviews`, async () => {
      await held;
      return undefined;
    }),
  );
  return { posted, release };
}
