import { describe, expect, it } from 'vitest';
import { showsSomething } from './shows-something';

describe('showsSomething', () => {
  it.each([
    ['nothing', ''],
    ['spaces and line breaks', ' \n\t\u00A0\u3000'],
    ['Khmer inherent vowels (Default_Ignorable)', '\u17B4\u17B5'],
    ['a reserved Default_Ignorable code point', '\u2065'],
    ['an unassigned code point', '\uFFF0'],
    ['tags and variation selectors', '\u{E0080}\u{E01F0}\uFE0F'],
    ['zero-width space, joiner and BOM', '\u200B\u200D\uFEFF'],
    ['the Hangul filler', '\u3164'],
    ['the braille blank', '\u2800'],
    ['controls', '\u0000\u001B'],
    ['a lone surrogate', '\uD800'],
  ])('finds nothing shown in %s', (_, text) => {
    expect(showsSomething(text)).toBe(false);
  });

  it.each([
    ['a letter', 'a'],
    ['a letter among invisible ones', '\u200Bé\u200B'],
    ['an emoji', '🧶'],
    ['a digit', '7'],
    ['a braille pattern with dots', '\u2801'],
    ['CJK', '編'],
  ])('finds %s shown', (_, text) => {
    expect(showsSomething(text)).toBe(true);
  });
});
