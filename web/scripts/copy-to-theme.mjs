// Copies the built bundle into the theme's assets folder, first removing the previous build's
// files there so that hashed chunks from older builds do not pile up. It also copies the cart
// library the theme loads the way a shop does: CartJS (npm shopify-cartjs) and the jQuery it
// needs, their minified builds as the packages ship them.
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const assetsDir = fileURLToPath(new URL('../../theme/assets/', import.meta.url));
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

console.log(`copied ${[...built, ...Object.keys(libraries)].join(', ')} to ${assetsDir}`);

// The Go binary embeds dist/ (go:embed needs the folder to exist even before the first build, so
// git keeps it through this marker); vite build empties the folder, so put the marker back.
await writeFile(distDir + '.gitkeep', '');
