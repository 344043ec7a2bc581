// Copies the built bundle into the theme's assets folder, first removing the previous build's
// files there so that hashed chunks from older builds do not pile up. It also copies the cart
// library the theme loads the way a shop does: CartJS (npm shopify-cartjs) and the jQuery it
// needs, their minified builds as the packages ship them. And it writes the layout's snippet of
// modulepreload links for the chunks the entry imports.
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const assetsDir = fileURLToPath(new URL('../../theme/assets/', import.meta.url));
const preloadSnippet = fileURLToPath(
  new URL('../../theme/snippets/knitfront-preload.liquid', import.meta.url),
);
// The entry and the chunks vite.config.ts names knitfront-[name]-[hash].js.
const isBundleFile = (name) => /^knitfront(-.+)?\.js$/.test(name);

const built = (await readdir(distDir)).filter((name) => name.endsWith('.js'));
if (!built.includes('knitfront.js')) {
  throw new Error('dist/knitfront.js is missing; run vite build first');
}

await mkdir(assetsDir, { recursive: true });
const stale = (await readdir(assetsDir)).filter(isBundleFile);
await Promise.all(stale.map((name) => rm(assetsDir + name)));
await Promise.all(built.map((name) => copyFile(distDir + name, assetsDir + name)));

const installed = (path) => fileURLToPath(new URL('../node_modules/' + path, import.meta.url));
const libraries = {
  'jquery.min.js': installed('jquery/dist/jquery.min.js'),
  'cart.min.js': installed('shopify-cartjs/dist/cart.min.js'),
};
await Promise.all(
  Object.entries(libraries).map(([name, file]) => copyFile(file, assetsDir + name)),
);

// The chunks the entry imports, however deep, from vite's manifest: the layout preloads them so
// that they download with the entry instead of after it has been parsed.
const manifest = JSON.parse(await readFile(distDir + '.vite/manifest.json', 'utf8'));
// The Go binary embeds dist/ whole and serves it: the manifest is for this script only.
await rm(distDir + '.vite', { recursive: true });
/** The files of the chunks a chunk of the manifest imports, however deep. */
function importedFiles(chunk) {
  const files = new Set();
  const queue = [...(chunk.imports ?? [])];
  while (queue.length > 0) {
    const imported = manifest[queue.pop()];
    if (files.has(imported.file)) continue;
    files.add(imported.file);
    queue.push(...(imported.imports ?? []));
  }
  return files;
}
const entry = manifest['src/main.ts'];
if (!entry) throw new Error('dist/.vite/manifest.json has no src/main.ts; is build.manifest on?');
const entryChunks = importedFiles(entry);
// The buy buttons' enhancer, a chunk the entry imports on product pages only (src/main.ts), and
// what it imports beyond the entry's chunks (code it shares with the cart's enhancers).
const buyButtons = manifest['src/enhancers/buy-buttons.ts'];
if (!buyButtons?.isDynamicEntry) {
  throw new Error('dist/.vite/manifest.json has no chunk of src/enhancers/buy-buttons.ts');
}
const productChunks = [
  buyButtons.file,
  ...[...importedFiles(buyButtons)].filter((file) => !entryChunks.has(file)),
];
// asset_url adds ?v=<version>, which the entry's import of ./knitfront-shared-<hash>.js does not
// carry: the link drops it so that the preload and the import are one URL, one download (the
// hash in the name already changes with the content). The download is of low priority: a preload
// is fetched as high as a script in the head, ahead of the page's images, and Lighthouse counts
// one that arrives before the first paint as blocking it (the collection page's first paint came
// 0.6 s later in its mobile audit, with the stylesheets and the widgets' 84 KB sharing the line).
const preload = (file) =>
  `<link rel="modulepreload" fetchpriority="low" href="{{ '${file}' | asset_url | split: '?' | first }}">`;
const links = [
  ...[...entryChunks].map(preload),
  "{%- if request.page_type == 'product' %}",
  ...productChunks.map(preload),
  '{%- endif %}',
];
await writeFile(
  preloadSnippet,
  [
    '{%- comment -%}',
    '  Written by web/scripts/copy-to-theme.mjs at each build: a modulepreload link for each chunk',
    "  the bundle's entry (knitfront.js) imports, and on a product page for the buy buttons'",
    '  enhancer, rendered by layout/theme.liquid next to it.',
    '{%- endcomment -%}',
    ...links,
    '',
  ].join('\n'),
);

console.log(`copied ${[...built, ...Object.keys(libraries)].join(', ')} to ${assetsDir}`);

// The Go binary embeds dist/ (go:embed needs the folder to exist even before the first build, so
// git keeps it through this marker); vite build empties the folder, so put the marker back.
await writeFile(distDir + '.gitkeep', '');
