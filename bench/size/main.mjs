// Measures the widget JavaScript budget: on a product page, at most 85 KB gzipped in
// all, React and react-dom included, and at most 20 KB gzipped of our own code.
//
// It builds nothing: `make bench` first builds web/dist (the bundle as shipped) and
// web/artifacts/own-code (the same bundle with react, react-dom and scheduler left out). For each
// it weighs what a product page loads: the entry and every chunk it imports statically, not the
// chunks loaded on demand (such as a page's own code), each gzipped at the level the knitfront
// server serves it with (best compression). A kilobyte here is 1000 bytes. Exits non-zero when
// over budget.
import { readFile } from 'node:fs/promises';
import { gzipSync, constants } from 'node:zlib';

const KB = 1000;
const ENTRY = 'knitfront.js';
const measures = [
  { name: 'all widget JavaScript', dir: '../../web/dist/', budget: 85 * KB },
  { name: 'our own code', dir: '../../web/artifacts/own-code/', budget: 20 * KB },
];

// `import{a as b}from"./x.js"`, `import"./x.js"` and `export{a}from"./x.js"`, not `import("./x.js")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[^"']+)["']/g;

/** The files a page loads with the entry, and their gzipped sizes. */
async function pageLoad(dir) {
  const sizes = new Map();
  const queue = [ENTRY];
  while (queue.length > 0) {
    const name = queue.pop();
    if (sizes.has(name)) continue;
    const code = await readFile(new URL(name, dir));
    sizes.set(name, gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length);
    for (const [, path] of code.toString('utf8').matchAll(STATIC_IMPORT)) {
      queue.push(path.slice(2));
    }
  }
  return sizes;
}

let over = false;
for (const { name, dir, budget } of measures) {
  let sizes;
  try {
    sizes = await pageLoad(new URL(dir, import.meta.url));
  } catch (error) {
    console.error(`bench/size: ${name}: ${error.message} (run make bench, which builds first)`);
    process.exit(2);
  }
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const ratio = total / budget;
  over ||= ratio > 1;
  const files = [...sizes].map(([file, size]) => `${file} ${size}`).join(', ');
  console.log(
    `${name}: ${(total / KB).toFixed(1)} KB gzipped of ${budget / KB} KB budget, ` +
      `ratio ${ratio.toFixed(2)} ${ratio > 1 ? 'OVER BUDGET' : 'ok'} (${files})`,
  );
}
process.exit(over ? 1 : 0);
