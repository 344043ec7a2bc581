import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { REVIEWS_PAGE_SIZE } from '../constants';
import { ORIGIN, server } from '../test/server';
import { getKnitters, getReviews, postReview } from './api';

describe('the knitters API client', () => {
  it('reads the knitters, leaving out entries without a name and ids that are not ids', async () => {
    server.use(
      http.get(`${ORIGIN}/api/knitters`, () =>
        HttpResponse.json({
          knitters: [
            { id: 1, name: 'Rūta', description: 'Cables.', photo: '/p.svg', avatar: '/a.svg' },
            { id: 2, description: 'No name.' },
            { id: 'three', name: 'Dalia' },
            null,
          ],
        }),
      ),
    );

    expect(await getKnitters()).toEqual([
      { id: 1, name: 'Rūta', description: 'Cables.', photo: '/p.svg', avatar: '/a.svg' },
      { id: undefined, name: 'Dalia', description: '', photo: '', avatar: '' },
    ]);
  });

  it('asks the server for reviews each time, so that a reload shows what was just posted', async () => {
    const asked: Request[] = [];
    server.use(
      http.get(`${ORIGIN}/api/knitters/:id/reviews`, ({ request }) => {
        asked.push(request);
        return HttpResponse.json({ reviews: [], next_cursor: 'abc' });
      }),
    );

    expect(await getReviews(4, 'xyz')).toEqual({ reviews: [], nextCursor: 'abc' });
    expect(asked[0]?.cache).toBe('no-cache');
    expect(new URL(asked[0]!.url).search).toBe(`?limit=${REVIEWS_PAGE_SIZE}&cursor=xyz`);
  });

  it.each([
    ['knitters', () => getKnitters(), `${ORIGIN}/api/knitters`],
    ['reviews', () => getReviews(4, null), `${ORIGIN}/api/knitters/:id/reviews`],
  ])('refuses an OK answer that holds no list of %s', async (_, read, address) => {
    server.use(http.get(address, () => HttpResponse.json({ error: 'not the API' })));

    await expect(read()).rejects.toThrow('no list in the answer');
  });

  it("throws the API's error code and message for a refused review", async () => {
    server.use(
      http.post(`${ORIGIN}/api/knitters/:id/reviews`, () =>
        HttpResponse.json(
          { error: { code: 'rate_limited', message: 'Too many reviews.' } },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );

    const refused = postReview(4, { body: 'Warm.', created_by: 'Ona', website: '' });

    await expect(refused).rejects.toThrow('429 rate_limited: Too many reviews.');
  });
});
