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
 * What a frame paints is what the page holds when its rendering starts: the recorder reads the page
 * in the frame's requestAnimationFrame callback (queued when the page changes), so it counts only
 * what was painted, not a state the page passed through between two frames, and the style and
 * layout it reads (the button's visibility) are the ones the frame computes next, not extra work
 * forced on the page. The frame is taken as painted when a message posted from that callback is
 * handled: that task runs once the frame's rendering is done. Until rendering starts (first paint),
 * no such callback runs, so what the parser printed counts from the first paint, at the time the
 * paint timing gives it.
 *
 * Each price also keeps when its element was first painted at all (with its card, whatever it
 * read) and whether it was ever on the screen (an IntersectionObserver, which reads the layout the
 * frames compute and forces none): a price below the first screen is painted with its card
 * whenever the parser reaches that part of the HTML, with or without the add-on, and no shopper
 * reads it before scrolling to it.
 */
export function recordWhatShows() {
  const squeeze = (text) => text.replace(/\s+/g, '');
  const prices = new Map();
  const button = { text: null, paintedAt: null, version: 0 };
  // unpainted: the frames queued to read the page whose paint has not been timed yet.
  window.kfShown = { prices, button, unpainted: 0 };

  // The time of the first frame rendered (its requestAnimationFrame callbacks' argument): render
  // blocking keeps every frame before it from rendering at all, so it is the first paint.
  let firstFrame = null;
  requestAnimationFrame((time) => {
    firstFrame = time;
  });
  // The first paint's time, once the browser has reported it.
  const firstPaint = new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      const [entry] = list.getEntriesByName('first-paint');
      if (!entry) return;
      observer.disconnect();
      resolve(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
  });

  /** Sets a record's text; when it changed, a stamp to tell it when the frame was painted. */
  const update = (record, text) => {
    if (record.text === text) return null;
    record.text = text;
    record.paintedAt = null;
    const version = ++record.version;
    return (at) => {
      if (record.version === version) record.paintedAt = at;
    };
  };

  const onScreen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) prices.get(entry.target).onScreen = true;
    }
  });

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
  /** Reads a price as the frame paints it; its stamps for that frame. */
  const readPrice = (price) => {
    const stamps = [];
    let record = prices.get(price);
    if (!record) {
      record = {
        text: null,
        paintedAt: null,
        version: 0,
        appearedAt: null,
        onScreen: false,
        corrected: false,
      };
      prices.set(price, record);
      onScreen.observe(price);
      stamps.push((at) => {
        record.appearedAt = at;
      });
    }
    const widget = price.querySelector(':scope > .kf-price');
    let text = printedText(price);
    if (widget) text = widget.dataset.state === 'ready' ? squeeze(widget.textContent) : null;
    // The widget shows a price other than the one that showed: a change the shopper sees. (A
    // printed price also reads otherwise while the parser has only part of it.)
    if (widget && record.text !== null && text !== null && text !== record.text) {
      record.corrected = true;
    }
    stamps.push(update(record, text));
    return stamps;
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

  let queued = false;
  const readNextFrame = () => {
    if (queued) return;
    queued = true;
    window.kfShown.unpainted++;
    requestAnimationFrame((time) => {
      queued = false;
      const stamps = [...document.querySelectorAll('product-price')].flatMap(readPrice);
      stamps.push(update(button, buttonText()));
      const painted = (at) => {
        for (const stamp of stamps) stamp?.(at);
        window.kfShown.unpainted--;
      };
      // The first paint's time is the paint timing's: the message may wait behind the parser and
      // the scripts that run once it is done, long after the frame was on the screen.
      if (time === firstFrame) {
        firstPaint.then(painted);
        return;
      }
      const channel = new MessageChannel();
      channel.port1.onmessage = () => painted(performance.now());
      channel.port2.postMessage(null);
    });
  };
  new MutationObserver(readNextFrame).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

/**
 * What the recorder holds once the page has settled, and when the page's HTML had all come: the
 * number of prices, how many of them show (not hidden, no skeleton), when the last of them was
 * painted as it now reads, the same for the prices that were on the screen, the longest any price
 * was painted after its element first was (with its card: what the add-on kept the shopper
 * waiting), how many the widget showed otherwise after they first showed, and the buy button's
 * text and when it was painted. Times are milliseconds from the start of navigation; null when
 * nothing showed.
 */
export function readWhatShows(page) {
  return page.evaluate(() => {
    const records = [...document.querySelectorAll('product-price')].map((price) =>
      window.kfShown.prices.get(price),
    );
    const shown = records.filter((record) => record && record.text !== null);
    const onScreen = shown.filter((record) => record.onScreen);
    const latest = (times) => (times.length ? Math.max(...times) : null);
    const { button } = window.kfShown;
    return {
      documentArrived: performance.getEntriesByType('navigation')[0].responseEnd,
      prices: records.length,
      pricesShown: shown.length,
      allPricesAt: latest(shown.map((record) => record.paintedAt)),
      screenPrices: onScreen.length,
      screenPricesAt: latest(onScreen.map((record) => record.paintedAt)),
      longestAfterCard: latest(shown.map((record) => record.paintedAt - record.appearedAt)),
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
