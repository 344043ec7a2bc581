/**
 * Reads one cookie of the page. The bundle only ever reads the theme's cookies (cart_currency,
 * localization), so a dozen lines replace a cookie library in every shopper's download.
 * Values are percent-decoded as the library did; a value that does not decode is returned as is.
 */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
