import { describe, expect, it } from 'vitest';
import { NO_DISCOUNT } from '../constants';
import { readComparedPrice, readPrice } from './read';

describe('readPrice', () => {
  it.each([
    { name: 'the minor units win over the text', minor: '8900', text: '€1,00', want: 8900 },
    { name: 'the text when there are no minor units', minor: null, text: '€89,50', want: 8950 },
    {
      name: 'the text when the minor units are not a number',
      minor: 'abc',
      text: '€89,00',
      want: 8900,
    },
    { name: 'minor units alone', minor: '12345', text: null, want: 12345 },
    { name: 'neither', minor: null, text: null, want: null },
    { name: 'an unreadable text', minor: null, text: 'soon', want: null },
    { name: 'a thousands separator', minor: null, text: '$1,234', want: 123400 },
  ])('$name', ({ minor, text, want }) => {
    expect(readPrice(minor, text, 'EUR')).toBe(want);
  });
});

describe('readComparedPrice', () => {
  it.each([
    { name: 'empty means none', minor: null, text: '', want: null },
    { name: 'missing means none', minor: null, text: null, want: null },
    { name: `'${NO_DISCOUNT}' means none`, minor: null, text: NO_DISCOUNT, want: null },
    { name: 'unreadable means none', minor: null, text: 'soon', want: null },
    { name: 'a money string', minor: null, text: '€105,00', want: 10500 },
    { name: 'minor units', minor: '10500', text: '€105,00', want: 10500 },
    { name: `minor units beside '${NO_DISCOUNT}'`, minor: '10500', text: NO_DISCOUNT, want: 10500 },
  ])('$name', ({ minor, text, want }) => {
    expect(readComparedPrice(minor, text, 'EUR')).toBe(want);
  });
});
