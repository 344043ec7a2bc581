import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers read one way: an adapter describes a theme and the enhancers (and the widgets) use
 * it, never the reverse. What an adapter needs of an enhancer the entry hands to its start().
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const THEME = join(SRC, 'theme');
const ADAPTERS = join(THEME, 'adapters');
/** The layers above the adapters, as folders of src. */
const ABOVE = ['enhancers', 'elements', 'components'];

/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`. */
const IMPORT = /\b(?:import|export)\s*(?:\(\s*|[^'"();]*?\bfrom\s*)?['"]([^'"]+)['"]/g;

/** The imports of a module in folder dir that reach a layer above the adapters, as src paths. */
function upwardImports(source: string, dir: string): string[] {
  return [...source.matchAll(IMPORT)]
    .map(([, specifier]) => specifier ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(SRC, resolve(dir, specifier)))
    .filter((path) => ABOVE.some((layer) => path === layer || path.startsWith(`${layer}/`)));
}

describe('upwardImports', () => {
  it.each([
    ["import { onCartChange } from '../../enhancers/cart-changes';", ['enhancers/cart-changes']],
    ["import('../../enhancers/cart-drawer-totals').then(start);", ['enhancers/cart-drawer-totals']],
    [
      "export { ProductPriceElement } from '../../elements/product-price';",
      ['elements/product-price'],
    ],
    ["import type { X } from '../../components/ProductPrice';", ['components/ProductPrice']],
    ["import '../../enhancers/dom';", ['enhancers/dom']],
    ["import { getCart } from '../../api/cart';", []],
    ["import { subscribeToDawn } from './dawn-pubsub';", []],
    ["import { dawnEnhancers } from './enhancers-of-dawn';", []],
    ["import { http } from 'msw';", []],
  ])('%s', (source, expected) => {
    expect(upwardImports(source, ADAPTERS)).toEqual(expected);
  });
});

describe('the theme modules (the adapters, the selectors)', () => {
  const modules = readdirSync(THEME, { recursive: true, encoding: 'utf8' }).filter(
    (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path),
  );

  it('are found', () => {
    expect(modules).toEqual(expect.arrayContaining(['selectors.ts', join('adapters', 'dawn.ts')]));
  });

  it.each(modules)('%s imports no enhancer, element or component', (path) => {
    const file = join(THEME, path);
    expect(upwardImports(readFileSync(file, 'utf8'), dirname(file))).toEqual([]);
  });
});
