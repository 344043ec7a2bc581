// What a shopper sees of the prices and the buy button, and when it was painted: an init script
// the throttled page benchmark installs before the page's own scripts, and the readers of what it
// recorded.

/**
 * Installed before the page's own scripts (page.addInitScript). For each <product-price> and for
 * the visible buy button it keeps the text a shopper reads now, and the time of the first frame
 * painted after that text last changed (performance.now(), from the start of navigation).
 *
 * A price shows when the page's own markers say it is there to read: the widget's price with
 * data-state=ready, or, before the widget renders, the final price the server printed from the
 * metafields (data-final-minor), which the theme shows from first paint, unless the page marked
 * it to wait for the widget (data-kf-ended on the price, data-kf-converting on <html>). Where the
 * theme prints a figure per currency (.product-price__figure), the one it shows is the display
 * currency's (data-kf-display on <html>) or else the market's (data-kf-market). A price without
 * the marker is hidden until the widget renders, and a skeleton shows nothing. The buy button shows
 * its price once the enhancer's skeleton is gone (data-kf-buy-buttons=ready on <html>) and the
 * button a shopper can see holds the price text it adds (data-kf-buy-price).
 *
 * A printed price the parser has only part of yet reads as that part, and as final once the rest
 * of the page's HTML has come.
 *
 * A frame is taken as painted when a message posted from its requestAnimationFrame callback is
 * handled: that task runs once the frame's rendering is done. Until rendering starts (first
 * paint), no such callback runs, so what the parser printed counts from the first paint.
 */
export function recordWhatShows() {
  const squeeze = (text) => text.replace(/\s+/g, '');
  const prices = new Map();
  const button = { text: null, paintedAt: null };
  window.kfShown = { prices, button, unpainted: 0 };

  let unpainted = [];
  const afterNextPaint = (record) => {
    record.paintedAt = null;
    unpainted.push(record);
    window.kfShown.unpainted = unpainted.length;
    if (unpainted.length > 1) return;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const now = performance.now();
        for (const painted of unpainted) painted.paintedAt = now;
        unpainted = [];
        window.kfShown.unpainted = 0;
      };
      channel.port2.postMessage(null);
    });
  };
  const update = (record, text) => {
    if (record.text === text) return;
    record.text = text;
    afterNextPaint(record);
  };

  const printedText = (price) => {
    const root = document.documentElement;
    const waits =
      !price.hasAttribute('data-final-minor') ||
      price.hasAttribute('data-kf-ended') ||
      root.hasAttribute('data-kf-converting');
    if (waits) return null;
    if (!price.querySelector('.product-price__figure')) return squeeze(price.textContent) || null;
    const display = root.getAttribute('data-kf-display');
    const figure = price.querySelector(
      display
        ? `.product-price__figure[data-kf-currency="${display}"]`
        : '.product-price__figure[data-kf-market]',
    );
    return figure ? squeeze(figure.textContent) || null : null;
  };
  const updatePrice = (price) => {
    if (!prices.has(price)) prices.set(price, { text: null, paintedAt: null, corrected: false });
    const record = prices.get(price);
    const widget = price.querySelector(':scope > .kf-price');
    let text = printedText(price);
    if (widget) text = widget.dataset.state === 'ready' ? squeeze(widget.textContent) : null;
    // The widget shows a price other than the one that showed: a change the shopper sees. (A
    // printed price also reads otherwise while the parser has only part of it.)
    if (widget && record.text !== null && text !== null && text !== record.text) {
      record.corrected = true;
    }
    update(record, text);
  };
  const buttonText = () => {
    if (document.documentElement.getAttribute('data-kf-buy-buttons') !== 'ready') return null;
    for (const candidate of document.querySelectorAll('button[id^="ProductSubmitButton-"]')) {
      if (!candidate.querySelector('[data-kf-buy-price]')) continue;
      if (candidate.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        return squeeze(candidate.textContent);
      }
    }
    return null;
  };

  const check = () => {
    for (const price of document.querySelectorAll('product-price')) updatePrice(price);
    update(button, buttonText());
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/**
 * What the recorder holds once the page has settled, and when the page's HTML had all come: the
 * number of prices, how many of them show
 * (not hidden, no skeleton), when the last of them was painted as it now reads, how many the
 * widget showed otherwise after they first showed, and the buy button's text and when it was painted. Times
 * are milliseconds from the start of navigation; null when nothing showed.
 */
export function readWhatShows(page) {
  return page.evaluate(() => {
    const records = [...document.querySelectorAll('product-price')].map((price) =>
      window.kfShown.prices.get(price),
    );
    const shown = records.filter((record) => record && record.text !== null);
    const { button } = window.kfShown;
    return {
      documentArrived: performance.getEntriesByType('navigation')[0].responseEnd,
      prices: records.length,
      pricesShown: shown.length,
      allPricesAt: shown.length ? Math.max(...shown.map((record) => record.paintedAt)) : null,
      pricesCorrected: shown.filter((record) => record.corrected).length,
      buttonText: button.text,
      buttonAt: button.text === null ? null : button.paintedAt,
    };
  });
}

/** Waits until every change the recorder saw has been painted. */
export async function waitUntilPainted(page, timeout) {
  await page.waitForFunction(() => window.kfShown.unpainted === 0, null, { timeout });
}
