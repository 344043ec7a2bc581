// Measures the widget JavaScript budget: on a product page, at most 85 KB gzipped in
// all, React and react-dom included, and at most 20 KB gzipped of our own code.
//
// It builds nothing: `make bench` first builds web/dist (the bundle as shipped) and
// web/artifacts/own-code (the same bundle with react, react-dom and scheduler left out). For each
// it weighs what a product page loads: the entry and every chunk it imports statically, not the
// chunks loaded on demand (such as a page's own code), each gzipped at the level the knitfront
// server serves it with (best compression). A kilobyte here is 1000 bytes. Exits non-zero when
// over budget, or when the entry does not import every one of those chunks itself: a chunk found
// only in another chunk is requested only once that one has arrived, a round trip later.
import { readFile } from "node:fs/promises";
import { gzipSync, constants } from "node:zlib";

const KB = 1000;
const ENTRY = "knitfront.js";
const measures = [
  { name: "all widget JavaScript", dir: "../../web/dist/", budget: 85 * KB },
  {
    name: "our own code",
    dir: "../../web/artifacts/own-code/",
    budget: 20 * KB,
  },
];

// `import{a as b}from"./x.js"`, `import"./x.js"` and `export{a}from"./x.js"`, not `import("./x.js")`.
const STATIC_IMPORT =
  /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[^"']+)["']/g;

/** The chunks a file of the build imports statically, by name. */
const staticImports = (code) =>
  [...code.toString("utf8").matchAll(STATIC_IMPORT)].map(([, path]) =>
    path.slice(2),
  );

/** The files a page loads with the entry, their gzipped sizes, and those the entry names. */
async function pageLoad(dir) {
  const sizes = new Map();
  const queue = [ENTRY];
  while (queue.length > 0) {
    const name = queue.pop();
    if (sizes.has(name)) continue;
    const code = await readFile(new URL(name, dir));
    sizes.set(
      name,
      gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length,
    );
    queue.push(...staticImports(code));
  }
  const namedByEntry = staticImports(await readFile(new URL(ENTRY, dir)));
  return { sizes, namedByEntry };
}

let over = false;
for (const { name, dir, budget } of measures) {
  let sizes, namedByEntry;
  try {
    ({ sizes, namedByEntry } = await pageLoad(new URL(dir, import.meta.url)));
  } catch (error) {
    console.error(
      `bench/size: ${name}: ${error.message} (run make bench, which builds first)`,
    );
    process.exit(2);
  }
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const ratio = total / budget;
  over ||= ratio > 1;
  const files = [...sizes].map(([file, size]) => `${file} ${size}`).join(", ");
  console.log(
    `${name}: ${(total / KB).toFixed(1)} KB gzipped of ${budget / KB} KB budget, ` +
      `ratio ${ratio.toFixed(2)} ${ratio > 1 ? "OVER BUDGET" : "ok"} (${files})`,
  );
  const foundLate = [...sizes.keys()].filter(
    (file) => file !== ENTRY && !namedByEntry.includes(file),
  );
  if (foundLate.length > 0) {
    over = true;
    console.log(
      `${name}: the entry does not import ${foundLate.join(", ")} itself`,
    );
  }
}
process.exit(over ? 1 : 0);
