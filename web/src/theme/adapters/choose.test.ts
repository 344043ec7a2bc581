import { afterEach, describe, expect, it } from 'vitest';
import { chooseThemeAdapter } from './choose';
import { dawnTheme } from './dawn';
import { knitfrontTheme } from './knitfront';

afterEach(() => {
  delete window.Shopify;
  document.body.innerHTML = '';
});

describe('the theme adapter', () => {
  it.each([
    { name: "Dawn's schema_name", schemaName: 'Dawn', markup: '', want: dawnTheme },
    {
      name: "a theme built on Dawn, by Dawn's product section",
      schemaName: 'Refresh',
      markup: '<product-info data-section="main"></product-info>',
      want: dawnTheme,
    },
    { name: 'the knitfront theme', schemaName: 'Knitfront', markup: '', want: knitfrontTheme },
    { name: 'a page telling nothing', schemaName: undefined, markup: '', want: knitfrontTheme },
  ])('$name: $want.name', ({ schemaName, markup, want }) => {
    if (schemaName) window.Shopify = { theme: { schema_name: schemaName } };
    document.body.innerHTML = markup;
    expect(chooseThemeAdapter()).toBe(want);
  });
});
