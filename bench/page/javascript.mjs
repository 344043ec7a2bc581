// The JavaScript each page of the dev storefront loads: its gzipped bytes as the server sends them,
// split into the knitfront bundle, jQuery and CartJS, and the theme's own scripts; and how much of
// the bundle a page loads is our own code, React left out.
import { readFile, readdir } from 'node:fs/promises';
import { constants, gzipSync } from 'node:zlib';

import { launchBrowser } from '../../e2e/harness.mjs';

const WAIT_MS = 60_000;
/** The build of the bundle with React, react-dom and scheduler left out (`make bench` makes it). */
const OWN_CODE_DIR = new URL('../../web/artifacts/own-code/', import.meta.url);
const ENTRY = 'knitfront.js';
/** A chunk of the bundle: knitfront-{name}-{8-character hash}.js. */
const CHUNK = /^(knitfront-[\w-]+)-[\w-]{8}\.js$/;
const SHARED_CHUNK = 'knitfront-shared';
// `import{a as b}from"./x.js"`, `import"./x.js"` and `export{a}from"./x.js"`, not `import("./x.js")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[^"']+)["']/g;

/** What a script is, by its file name. */
function kindOf(file) {
  if (file === ENTRY || CHUNK.test(file)) return 'knitfront';
  if (/^jquery(\.min)?\.js$/.test(file)) return 'jQuery';
  if (/^cart(\.min)?\.js$/.test(file)) return 'CartJS';
  return 'theme';
}

/**
 * The scripts a page loaded, once it is idle: file name and gzipped body bytes. The AJAX API's
 * /cart.js is data, fetched, not a script, and is left out.
 */
async function scriptsOf(page) {
  await page.waitForLoadState('networkidle', { timeout: WAIT_MS });
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => !['fetch', 'xmlhttprequest'].includes(entry.initiatorType))
      .map((entry) => ({ url: new URL(entry.name), bytes: entry.encodedBodySize }))
      .filter(({ url }) => url.pathname.endsWith('.js'))
      .map(({ url, bytes }) => ({ file: url.pathname.split('/').pop(), bytes })),
  );
}

/**
 * Our own code among the bundle's files a page loaded, gzipped at the best level (as the server
 * sends it): the entry, the chunks loaded on demand, and what they import, in the build without
 * React. A chunk is known there by its name, its hash being another.
 */
async function ownCodeBytes(files) {
  const names = await readdir(OWN_CODE_DIR);
  const queue = [ENTRY];
  for (const file of files) {
    const stem = CHUNK.exec(file)?.[1];
    if (!stem || stem === SHARED_CHUNK) continue;
    const own = names.find((name) => CHUNK.exec(name)?.[1] === stem);
    if (!own) throw new Error(`${file} has no counterpart in ${OWN_CODE_DIR.pathname}`);
    queue.push(own);
  }
  const seen = new Set();
  let bytes = 0;
  while (queue.length > 0) {
    const name = queue.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const code = await readFile(new URL(name, OWN_CODE_DIR));
    bytes += gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length;
    // What the build left out (React) is no file of it.
    for (const [, path] of code.toString('utf8').matchAll(STATIC_IMPORT)) {
      if (names.includes(path.slice(2))) queue.push(path.slice(2));
    }
  }
  return bytes;
}

/**
 * Loads each page in a new browser (nothing cached) and weighs its JavaScript: gzipped bytes in
 * all and by kind, and our own code's share of the bundle. before(page), when given, runs on the
 * page before it loads the address (to put something in the cart).
 */
export async function weighJavaScript(address, path, { before } = {}) {
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    if (before) await before(page);
    await page.goto(address + path, { timeout: WAIT_MS });
    const scripts = await scriptsOf(page);
    const byKind = { knitfront: 0, jQuery: 0, CartJS: 0, theme: 0 };
    for (const { file, bytes } of scripts) byKind[kindOf(file)] += bytes;
    const bundleFiles = scripts.map(({ file }) => file).filter((f) => kindOf(f) === 'knitfront');
    return {
      total: scripts.reduce((sum, { bytes }) => sum + bytes, 0),
      byKind,
      ownCode: bundleFiles.length > 0 ? await ownCodeBytes(bundleFiles) : 0,
    };
  } finally {
    await browser.close();
  }
}
