import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../constants';
import { ORIGIN, server } from '../test/server';
import { getCurrencyRates, getVariantDiscount } from './knitfront';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('getVariantDiscount', () => {
  it('reads the answer', async () => {
    const answer = { amount: 5.25, currency: 'EUR', percentage: 15, title: 'Mitten season' };
    server.use(http.get(`${ORIGIN}/api/automatic-discount/LT/1`, () => HttpResponse.json(answer)));

    expect(await getVariantDiscount('LT', '1')).toEqual(answer);
  });

  it("throws 'Failed to get variant automatic discount: {status text}' on a non-OK answer", async () => {
    server.use(
      http.get(
        `${ORIGIN}/api/automatic-discount/LT/1`,
        () => new HttpResponse(null, { status: 404, statusText: 'Not Found' }),
      ),
    );

    await expect(getVariantDiscount('LT', '1')).rejects.toThrow(
      'Failed to get variant automatic discount: Not Found',
    );
  });

  it('logs an answer that is not JSON and returns nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(`${ORIGIN}/api/automatic-discount/LT/1`, () => HttpResponse.text('<html>oops')),
    );

    expect(await getVariantDiscount('LT', '1')).toBeUndefined();
    expect(log).toHaveBeenCalledWith(MESSAGES.variantDiscountUnreadable, expect.any(Error));
  });
});

describe('getCurrencyRates', () => {
  const rates = { EUR: 1, AUD: 1.65, GBP: 0.86, USD: 1.08 };

  const answers: {
    name: string;
    headers: Record<string, string>;
    date: string | null;
    stale: boolean;
  }[] = [
    {
      name: 'fresh rates of a day',
      headers: { 'X-Rates-Date': '2026-11-20' },
      date: '2026-11-20',
      stale: false,
    },
    {
      name: 'stale rates',
      headers: { 'X-Rates-Date': '2026-11-12', 'X-Rates-Stale': 'true' },
      date: '2026-11-12',
      stale: true,
    },
    { name: 'rates without a day', headers: {}, date: null, stale: false },
    {
      name: 'rates with a malformed day',
      headers: { 'X-Rates-Date': '20 Nov' },
      date: null,
      stale: false,
    },
  ];
  for (const { name, headers, date, stale } of answers) {
    it(`reads ${name}`, async () => {
      server.use(
        http.get(`${ORIGIN}/api/currency-rates/EUR`, () => HttpResponse.json(rates, { headers })),
      );

      expect(await getCurrencyRates('EUR')).toEqual({ rates, date, stale });
    });
  }

  const failures = [
    {
      name: 'a non-OK answer',
      answer: () => HttpResponse.json({ error: {} }, { status: 503 }),
    },
    { name: 'a network failure', answer: () => HttpResponse.error() },
    { name: 'an answer that is not JSON', answer: () => HttpResponse.text('rates') },
    { name: 'a rate that is not a number', answer: () => HttpResponse.json({ EUR: '1' }) },
    { name: 'a rate of zero', answer: () => HttpResponse.json({ EUR: 1, USD: 0 }) },
    { name: 'a list', answer: () => HttpResponse.json([1.08]) },
  ];
  for (const { name, answer } of failures) {
    it(`logs ${name} and returns null`, async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      server.use(http.get(`${ORIGIN}/api/currency-rates/EUR`, answer));

      expect(await getCurrencyRates('EUR')).toBeNull();
      expect(log).toHaveBeenCalledWith(MESSAGES.ratesFailed, 'EUR', expect.anything());
    });
  }
});
