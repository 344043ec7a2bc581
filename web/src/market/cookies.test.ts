import { describe, expect, test } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  test.each([
    ['the only cookie', 'cart_currency=EUR', 'cart_currency', 'EUR'],
    ['among others', 'a=1; cart_currency=AUD; localization=AU', 'cart_currency', 'AUD'],
    ['with no space after the separator', 'a=1;localization=GB', 'localization', 'GB'],
    ['percent-encoded', 'note=Hello%20there', 'note', 'Hello there'],
    ['quoted', 'localization="US"', 'localization', 'US'],
    ['holding an equals sign', 'token=a=b', 'token', 'a=b'],
    ['not decodable', 'bad=%E0%A4%A', 'bad', '%E0%A4%A'],
    ['absent', 'a=1; b=2', 'cart_currency', undefined],
    ['a name that only ends like it', 'xcart_currency=USD', 'cart_currency', undefined],
    ['no cookies at all', '', 'cart_currency', undefined],
  ])('%s', (_case, cookies, name, want) => {
    expect(readCookie(name, cookies)).toBe(want);
  });

  test('reads the page cookies by default', () => {
    document.cookie = 'localization=LT';
    expect(readCookie('localization')).toBe('LT');
    document.cookie = 'localization=; max-age=0';
  });
});
