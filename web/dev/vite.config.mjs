// The widget harness: `npx vite --config dev/vite.config.mjs` (in web/) serves web/ with the
// bundle's source, and dev/widgets.html places every element in every placement. Calls to /api
// and /demo-images go to a running `knitfront dev` (KNITFRONT_API, default http://127.0.0.1:8080).
// Until that server has /api/currency-rates, the harness answers it from a fixture.
//
// The cards, search results and cart lines are rendered into the page from the demo catalogue as
// the theme would render them (the LT market, money strings like '€35,00'), so the bundle finds
// them in the HTML as it does on a shop's page. widgets.html?cards=48 shows 48 collection cards;
// ?built loads the production bundle the knitfront server embeds (/assets/knitfront.js) in place
// of the source.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { PRICE_TYPES } from '../src/constants.ts';

const api = process.env.KNITFRONT_API ?? 'http://127.0.0.1:8080';

// What one euro bought on a recent day; other currencies' maps are derived from it.
const EUR_RATES = { EUR: 1, AUD: 1.65, GBP: 0.86, USD: 1.08 };

function ratesFixture() {
  return {
    name: 'knitfront-rates-fixture',
    configureServer(server) {
      server.middlewares.use('/api/currency-rates/', async (req, res, next) => {
        const upstream = await fetch(api + req.originalUrl).catch(() => null);
        const base = req.url.slice(1);
        if (upstream?.status !== 404 || !(base in EUR_RATES)) return next();
        const rates = Object.fromEntries(
          Object.entries(EUR_RATES).map(([currency, rate]) => [
            currency,
            Number((rate / EUR_RATES[base]).toFixed(4)),
          ]),
        );
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('X-Knitfront-Harness', 'rates fixture');
        res.end(JSON.stringify(rates));
      });
    },
  };
}

const catalog = JSON.parse(
  readFileSync(new URL('../../data/demo/catalog.json', import.meta.url), 'utf8'),
);
const MARKET = 'LT';
const money = (amount) => `€${amount.toFixed(2).replace('.', ',')}`;
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const byHandle = (handle) => catalog.products.find((product) => product.handle === handle);

/** A product's first variant as the theme reads it: id, price and compared-at price in LT. */
function offer(product) {
  const variant = product.variants[0];
  const { amount, compare_at: compareAt } = variant.prices[MARKET];
  return {
    id: variant.id,
    price: money(amount),
    comparedAt: compareAt ? money(compareAt) : 'nodiscount',
    image: variant.image ?? product.images[0],
  };
}

function card(product) {
  const { id, price, comparedAt, image } = offer(product);
  return `<li class="card">
  <div class="card__media"><img src="${image}" alt="" width="400" height="500" loading="lazy">
    <discount-badge class="card__badge" theme="small" price="${price}" compared_at="${comparedAt}" iso_code="${MARKET}" variant_id="${id}"></discount-badge></div>
  <a class="card__title" href="#">${escape(product.title)}</a>
  <product-price type="CollectionItemPrice" price="${price}" compared_at="${comparedAt}" iso_code="${MARKET}" variant_id="${id}">${price}</product-price>
</li>`;
}

function searchResult(product) {
  const { id, price, image } = offer(product);
  return `<li class="search-result"><img src="${image}" alt="" width="48" height="60">
  <a href="#">${escape(product.title)}</a>
  <product-price type="SearchCardPrice" price="${price}" iso_code="${MARKET}" variant_id="${id}">${price}</product-price></li>`;
}

/** A cart line as Shopify gives it: automatic discounts already applied to the final price. */
function cartLine([handle, amountOff]) {
  const product = byHandle(handle);
  const { id, image } = offer(product);
  const original = product.variants[0].prices[MARKET].amount;
  const final = original - amountOff;
  return {
    original,
    final,
    html: `<li class="cart-line"><img src="${image}" alt="" width="64" height="80">
  <div><a href="#">${escape(product.title)}</a><small>${escape(product.variants[0].title)} · 1</small></div>
  <product-price type="CartItemPrice" price="${money(final)}" compared_at="${amountOff ? money(original) : 'nodiscount'}" iso_code="${MARKET}" variant_id="${id}">${money(final)}</product-price></li>`,
  };
}

/** Each placement held back by isPriceReady="false" beside the same price shown: equal heights. */
function skeletonBesidePrice(type) {
  const attributes = `type="${type}" price="€35,00" compared_at="${type === 'CartTotalPrice' ? '€40,00' : 'nodiscount'}" iso_code="${MARKET}" variant_id="${offer(byHandle('pebble-beanie')).id}"`;
  return `<span>${type}</span>
  <product-price ${attributes} ispriceready="false"></product-price>
  <product-price ${attributes}></product-price>`;
}

function fillPage(html, url) {
  const query = new URL(url, 'http://harness').searchParams;
  const cards = Number(query.get('cards')) || 8;
  if (query.has('built')) html = html.replace('"/src/main.ts"', '"/assets/knitfront.js"');
  const collection = [
    ...[
      'harbour-rib-sweater',
      'fireside-turtleneck',
      'pompom-bobble-hat',
      'everyday-wool-socks',
      'chunky-cable-scarf',
      'oat-cable-sweater',
      'seaside-rib-scarf',
      'aran-cable-throw',
    ].map(byHandle),
    ...catalog.products,
  ].filter((product, i, all) => all.indexOf(product) === i);
  const lines = [
    ['pebble-beanie', 5.25],
    ['fireside-turtleneck', 0],
    ['oat-cable-sweater', 0],
  ].map(cartLine);
  const total = lines.reduce((sum, line) => sum + line.final, 0);
  const original = lines.reduce((sum, line) => sum + line.original, 0);
  return html
    .replace('<!-- collection -->', collection.slice(0, cards).map(card).join('\n'))
    .replace(
      '<!-- search -->',
      ['cosy-cable-mittens', 'brioche-beanie', 'feather-lace-wrap']
        .map(byHandle)
        .map(searchResult)
        .join('\n'),
    )
    .replace('<!-- skeletons -->', PRICE_TYPES.map(skeletonBesidePrice).join('\n'))
    .replace('<!-- cart -->', lines.map((line) => line.html).join('\n'))
    .replace(
      '<!-- cart-total -->',
      `<product-price type="CartTotalPrice" price="${money(total)}" compared_at="${money(original)}" iso_code="${MARKET}" variant_id="${offer(byHandle('pebble-beanie')).id}">${money(total)}</product-price>`,
    );
}

function renderedLikeTheTheme() {
  return {
    name: 'knitfront-harness-page',
    transformIndexHtml: (html, context) => fillPage(html, context.originalUrl ?? context.path),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [ratesFixture(), renderedLikeTheTheme()],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': api, '/assets': api, '/demo-images': api },
  },
});
