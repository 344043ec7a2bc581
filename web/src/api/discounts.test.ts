import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISCOUNT_BATCH_MAX_IDS, MESSAGES } from '../constants';
import { answerDiscounts, requested } from '../test/api';
import { ORIGIN, server } from '../test/server';
import { lookupDiscount } from './discounts';

const signal = () => new AbortController().signal;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lookupDiscount coalescing', () => {
  it('sends the variant lookups of one tick as one batch', async () => {
    answerDiscounts({ '1': 4.5, '2': 0 });

    const lookups = ['1', '2', '3', '1'].map((variantId) =>
      lookupDiscount({ market: 'LT', variantId }, signal()),
    );

    expect(await Promise.all(lookups)).toEqual([4.5, 0, 0, 4.5]);
    expect(requested).toHaveLength(1);
    expect(requested[0]?.pathname).toBe('/api/automatic-discounts');
    expect(requested[0]?.searchParams.get('market')).toBe('LT');
    expect(requested[0]?.searchParams.get('variants')).toBe('1,2,3');
  });

  it('sends the batch in a microtask: lookups after it go in a batch of their own', async () => {
    answerDiscounts({ '1': 1, '2': 2, '3': 3 });

    const first = lookupDiscount({ market: 'LT', variantId: '1' }, signal());
    const second = Promise.resolve().then(() =>
      lookupDiscount({ market: 'LT', variantId: '2' }, signal()),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    const third = lookupDiscount({ market: 'LT', variantId: '3' }, signal());

    expect([await first, await second, await third]).toEqual([1, 2, 3]);
    expect(requested.map((url) => url.pathname)).toEqual([
      '/api/automatic-discount/LT/1',
      '/api/automatic-discount/LT/2',
      '/api/automatic-discount/LT/3',
    ]);
  });

  it('sends one batch per market', async () => {
    answerDiscounts({ '1': 1, '2': 2, '3': 3 });

    const lookups = [
      lookupDiscount({ market: 'LT', variantId: '1' }, signal()),
      lookupDiscount({ market: 'us', variantId: '2' }, signal()),
      lookupDiscount({ market: 'US', variantId: '3' }, signal()),
    ];

    expect(await Promise.all(lookups)).toEqual([1, 2, 3]);
    expect(requested.map((url) => decodeURIComponent(url.pathname + url.search)).sort()).toEqual([
      '/api/automatic-discount/LT/1',
      '/api/automatic-discounts?market=US&variants=2,3',
    ]);
  });

  it(`splits more than ${DISCOUNT_BATCH_MAX_IDS} distinct ids into requests of at most that many`, async () => {
    const ids = Array.from({ length: 2 * DISCOUNT_BATCH_MAX_IDS + 10 }, (_, i) => String(i + 1));
    answerDiscounts(Object.fromEntries(ids.map((id) => [id, Number(id)])));

    const lookups = [...ids, ...ids].map((variantId) =>
      lookupDiscount({ market: 'GB', variantId }, signal()),
    );

    expect(await Promise.all(lookups)).toEqual([...ids, ...ids].map(Number));
    const sent = requested.map((url) => url.searchParams.get('variants')?.split(',') ?? []);
    expect(sent.map((chunk) => chunk.length)).toEqual([
      DISCOUNT_BATCH_MAX_IDS,
      DISCOUNT_BATCH_MAX_IDS,
      10,
    ]);
    expect(new Set(sent.flat()).size).toBe(ids.length);
  });

  it('asks the single-variant call when the batch holds one id', async () => {
    server.use(
      http.get(`${ORIGIN}/api/automatic-discount/:market/:variantId`, ({ params }) =>
        HttpResponse.json({ amount: params.variantId === '45123456003501' ? 5.25 : 0 }),
      ),
    );

    const lookups = [
      lookupDiscount({ market: 'LT', variantId: '45123456003501' }, signal()),
      lookupDiscount({ market: 'LT', variantId: '45123456003501' }, signal()),
    ];

    expect(await Promise.all(lookups)).toEqual([5.25, 5.25]);
    expect(requested.map((url) => url.pathname)).toEqual([
      '/api/automatic-discount/LT/45123456003501',
    ]);
  });

  it('uses the configured apiBase', async () => {
    window.knitfrontConfig = { apiBase: 'https://api.example.test/' };
    server.use(
      http.get('https://api.example.test/api/automatic-discount/LT/7', () =>
        HttpResponse.json({ amount: 3 }),
      ),
    );
    try {
      const lookup = lookupDiscount({ market: 'LT', variantId: '7' }, signal());
      expect(await lookup).toBe(3);
    } finally {
      delete window.knitfrontConfig;
    }
  });
});

/** Resolves once the next frame has been rendered (as the confirming lookups wait for). */
const nextPaint = () =>
  new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));

describe('lookupDiscount confirming a printed answer', () => {
  const discountFetches = () =>
    vi
      .mocked(fetch)
      .mock.calls.filter(([input]) => String(input).includes('/api/automatic-discount'));

  it('sends the confirming lookups of one tick once the next frame is painted, as one batch', async () => {
    vi.spyOn(globalThis, 'fetch');
    answerDiscounts({ '1': 1, '2': 2 });

    const lookups = ['1', '2'].map((variantId) =>
      lookupDiscount({ market: 'LT', variantId }, signal(), { confirming: true }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(discountFetches()).toHaveLength(0);
    await nextPaint();
    expect(discountFetches()).toHaveLength(1);

    expect(await Promise.all(lookups)).toEqual([1, 2]);
    expect(requested.map((url) => url.searchParams.get('variants'))).toEqual(['1,2']);
  });

  it('sends them with a lookup needed now, in its microtask', async () => {
    vi.spyOn(globalThis, 'fetch');
    answerDiscounts({ '1': 1, '2': 2 });

    const confirming = lookupDiscount({ market: 'LT', variantId: '1' }, signal(), {
      confirming: true,
    });
    const needed = lookupDiscount({ market: 'LT', variantId: '2' }, signal());
    await Promise.resolve();
    expect(discountFetches()).toHaveLength(1);

    expect([await confirming, await needed]).toEqual([1, 2]);
    expect(requested.map((url) => url.searchParams.get('variants'))).toEqual(['1,2']);
  });

  it('sends them in a task while the page is hidden, which paints no frame', async () => {
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    answerDiscounts({ '1': 1 });

    expect(
      await lookupDiscount({ market: 'LT', variantId: '1' }, signal(), { confirming: true }),
    ).toBe(1);
    expect(frames).not.toHaveBeenCalled();
  });
});

describe('lookupDiscount aborting', () => {
  it('drops a lookup aborted before the batch goes out, and rejects it', async () => {
    answerDiscounts({ '1': 1, '2': 2 });
    const stale = new AbortController();

    const kept = lookupDiscount({ market: 'LT', variantId: '1' }, signal());
    const dropped = lookupDiscount({ market: 'LT', variantId: '2' }, stale.signal);
    const droppedOutcome = expect(dropped).rejects.toThrow();
    stale.abort();
    await droppedOutcome;
    expect(await kept).toBe(1);
    expect(requested.map((url) => url.pathname)).toEqual(['/api/automatic-discount/LT/1']);
  });

  it('sends nothing when every lookup of the tick was aborted', async () => {
    const stale = new AbortController();
    const dropped = lookupDiscount({ market: 'LT', variantId: '1' }, stale.signal);
    const droppedOutcome = expect(dropped).rejects.toThrow();
    stale.abort();
    await droppedOutcome;
    expect(requested).toHaveLength(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(
      lookupDiscount({ market: 'LT', variantId: '1' }, AbortSignal.abort()),
    ).rejects.toThrow();
  });

  it("leaves the others' batch running when a caller aborts after it went out", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${ORIGIN}/api/automatic-discounts`, async () => {
        await held;
        return HttpResponse.json({ discounts: { '1': { amount: 1 }, '2': { amount: 2 } } });
      }),
    );
    const stale = new AbortController();

    const kept = lookupDiscount({ market: 'LT', variantId: '1' }, signal());
    const dropped = lookupDiscount({ market: 'LT', variantId: '2' }, stale.signal);
    await vi.waitFor(() => expect(requested).toHaveLength(1));
    const droppedOutcome = expect(dropped).rejects.toThrow();
    stale.abort();
    await droppedOutcome;
    release();

    expect(await kept).toBe(1);
  });

  it.each([
    { name: 'a batch', ids: ['1', '2'], path: `${ORIGIN}/api/automatic-discounts` },
    { name: 'a single variant', ids: ['1'], path: `${ORIGIN}/api/automatic-discount/LT/:id` },
  ])('cancels $name once every lookup it answers has aborted', async ({ ids, path }) => {
    const received: Request[] = [];
    server.use(
      http.get(path, async ({ request }) => {
        received.push(request);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ amount: 1, discounts: {} });
      }),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const callers = ids.map(() => new AbortController());
    const lookups = ids.map((variantId, i) =>
      lookupDiscount({ market: 'LT', variantId }, callers[i]!.signal).catch(() => 'aborted'),
    );
    await vi.waitFor(() => expect(received).toHaveLength(1));

    callers.slice(0, -1).forEach((caller) => caller.abort());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received[0]!.signal.aborted).toBe(false);
    callers.at(-1)!.abort();
    await vi.waitFor(() => expect(received[0]!.signal.aborted).toBe(true));

    expect(await Promise.all(lookups)).toEqual(ids.map(() => 'aborted'));
    expect(log).not.toHaveBeenCalled();
  });
});

describe('lookupDiscount failures', () => {
  it('resolves every lookup of a failed batch as no discount and logs the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(`${ORIGIN}/api/automatic-discounts`, () =>
        HttpResponse.json(
          { error: { code: 'x', message: 'y' } },
          { status: 503, statusText: 'Service Unavailable' },
        ),
      ),
    );

    const lookups = ['1', '2'].map((variantId) =>
      lookupDiscount({ market: 'LT', variantId }, signal()),
    );

    expect(await Promise.all(lookups)).toEqual([0, 0]);
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ message: MESSAGES.variantDiscountFailed('Service Unavailable') }),
    );
  });

  it('resolves a failed network call as no discount', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${ORIGIN}/api/automatic-discount/LT/1`, () => HttpResponse.error()));

    const lookup = lookupDiscount({ market: 'LT', variantId: '1' }, signal());

    expect(await lookup).toBe(0);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('answers a malformed id or market with no discount, without spoiling the batch', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerDiscounts({ '1': 1, '2': 2 });

    const lookups = [
      lookupDiscount({ market: 'LT', variantId: '1' }, signal()),
      lookupDiscount({ market: 'LT', variantId: 'gid://shopify/ProductVariant/9' }, signal()),
      lookupDiscount({ market: 'Lithuania', variantId: '3' }, signal()),
      lookupDiscount({ market: 'LT', variantId: '2' }, signal()),
    ];

    expect(await Promise.all(lookups)).toEqual([1, 0, 0, 2]);
    expect(requested.map((url) => url.searchParams.get('variants'))).toEqual(['1,2']);
    expect(log).toHaveBeenCalledTimes(2);
  });

  const unusable = [
    { name: 'a negative amount', body: { amount: -3 } },
    { name: 'an amount that is not a number', body: { amount: '4.5' } },
    { name: 'no amount', body: {} },
  ];
  for (const { name, body } of unusable) {
    it(`reads ${name} as no discount`, async () => {
      server.use(http.get(`${ORIGIN}/api/automatic-discount/LT/1`, () => HttpResponse.json(body)));
      const lookup = lookupDiscount({ market: 'LT', variantId: '1' }, signal());
      expect(await lookup).toBe(0);
    });
  }
});

describe('lookupDiscount by product', () => {
  it('sends the product lookups of one tick as one batch of products, apart from variants', async () => {
    answerDiscounts({ '8001': 4.5, '8002': 0, '45001': 3 });

    const lookups = [
      lookupDiscount({ market: 'GB', productId: '8001' }, signal()),
      lookupDiscount({ market: 'GB', productId: '8002' }, signal()),
      lookupDiscount({ market: 'GB', productId: '8001' }, signal()),
      lookupDiscount({ market: 'GB', variantId: '45001' }, signal()),
    ];

    expect(await Promise.all(lookups)).toEqual([4.5, 0, 4.5, 3]);
    const batches = requested.filter((url) => url.pathname === '/api/automatic-discounts');
    expect(batches).toHaveLength(1);
    expect(batches[0]?.searchParams.get('products')).toBe('8001,8002');
    expect(batches[0]?.searchParams.has('variants')).toBe(false);
    expect(requested.map((url) => url.pathname)).toContain('/api/automatic-discount/GB/45001');
  });

  it('asks the single product call for a lone product', async () => {
    server.use(
      http.get(`${ORIGIN}/api/automatic-discount/product/GB/8123456000002`, () =>
        HttpResponse.json({ amount: 10 }),
      ),
    );

    expect(await lookupDiscount({ market: 'GB', productId: '8123456000002' }, signal())).toBe(10);
  });

  it('cancels the request when its signal aborts, rejecting rather than logging', async () => {
    const log = vi.spyOn(console, 'error');
    server.use(
      http.get(`${ORIGIN}/api/automatic-discount/product/GB/1`, async () => {
        await new Promise(() => {});
        return HttpResponse.json({ amount: 1 });
      }),
    );
    const controller = new AbortController();

    const lookup = lookupDiscount({ market: 'GB', productId: '1' }, controller.signal);
    const outcome = expect(lookup).rejects.toThrow(expect.objectContaining({ name: 'AbortError' }));
    await vi.waitFor(() => expect(requested).toHaveLength(1));
    controller.abort();

    await outcome;
    expect(log).not.toHaveBeenCalled();
  });

  it('resolves a failed product lookup as no discount and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(
        `${ORIGIN}/api/automatic-discount/product/GB/1`,
        () => new HttpResponse(null, { status: 404, statusText: 'Not Found' }),
      ),
    );

    expect(await lookupDiscount({ market: 'GB', productId: '1' }, signal())).toBe(0);
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ message: MESSAGES.productDiscountFailed('Not Found') }),
    );
  });
});
