import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach } from 'vitest';
import { ORIGIN, server } from './server';

/** The API addresses the code asked for, in order, for the tests that import this module. */
export const requested: URL[] = [];
const record = ({ request }: { request: Request }) => {
  requested.push(new URL(request.url));
};
beforeEach(() => {
  requested.length = 0;
  server.events.on('request:start', record);
  // Changing the market currency fetches its rates; a test about rates answers otherwise.
  server.use(
    http.get(`${ORIGIN}/api/currency-rates/:currency`, ({ params }) =>
      HttpResponse.json({ ...EUR_RATES, [String(params.currency)]: 1 }),
    ),
  );
});
afterEach(() => {
  server.events.removeAllListeners();
});

/** The discount requests among them, batch and single. */
export function discountRequests(): URL[] {
  return requested.filter((url) => url.pathname.startsWith('/api/automatic-discount'));
}

/**
 * Answers the batch and the single-variant discount calls from a table of amounts by variant id,
 * as the API does: unknown ids are left out of a batch and are a 404 alone. `hold` delays every
 * answer until it resolves.
 */
export function answerDiscounts(amounts: Record<string, number>, hold?: Promise<void>) {
  server.use(
    http.get(`${ORIGIN}/api/automatic-discounts`, async ({ request }) => {
      await hold;
      const query = new URL(request.url).searchParams;
      const ids = (query.get('variants') ?? query.get('products'))?.split(',') ?? [];
      const discounts = Object.fromEntries(
        ids.filter((id) => id in amounts).map((id) => [id, { amount: amounts[id] }]),
      );
      return HttpResponse.json({ discounts });
    }),
    http.get(`${ORIGIN}/api/automatic-discount/:market/:variantId`, async ({ params }) => {
      await hold;
      const amount = amounts[String(params.variantId)];
      return amount === undefined
        ? new HttpResponse(null, { status: 404, statusText: 'Not Found' })
        : HttpResponse.json({ amount });
    }),
  );
}

/** A promise to hold answers with, and the function that lets them go. */
export function holdAnswers(): { hold: Promise<void>; release: () => void } {
  let release!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  return { hold, release };
}

export const EUR_RATES = { EUR: 1, AUD: 1.65, GBP: 0.86, USD: 1.08 };
