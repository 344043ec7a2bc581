import { describe, expect, it } from 'vitest';
import { BREAKPOINT_DESKTOP_PX, KNITTER_SCROLL_OFFSET_DESKTOP_PX } from '../constants';
import { KNITTERS_STYLES, knittersStylesSnippet } from './styles';

describe('the knitters page stylesheet', () => {
  it('is the theme snippet, written from the bundle (vitest -u writes it again)', async () => {
    await expect(knittersStylesSnippet()).toMatchFileSnapshot(
      '../../../theme/snippets/knitters-page-styles.liquid',
    );
  });

  it(`puts the photo beside the text from ${BREAKPOINT_DESKTOP_PX} px, in view as far below the top as an opened item rests`, () => {
    expect(KNITTERS_STYLES).toMatch(
      new RegExp(
        `@media \\(min-width:${BREAKPOINT_DESKTOP_PX}px\\)\\{[^@]*\\.kf-knitter__content\\{grid-template-columns:`,
      ),
    );
    expect(KNITTERS_STYLES).toMatch(
      new RegExp(
        `\\.kf-knitter__photo\\{position:sticky;top:${KNITTER_SCROLL_OFFSET_DESKTOP_PX}px\\}`,
      ),
    );
  });

  it('sets review headings and dates 12px uppercase, and review text 16px', () => {
    expect(KNITTERS_STYLES).toContain(
      '.kf-review__author,.kf-review__date{margin:0;font-family:inherit;font-size:12px;line-height:1.5;letter-spacing:.08em;text-transform:uppercase}',
    );
    expect(KNITTERS_STYLES).toMatch(/\.kf-review__body\{[^}]*font-size:16px/);
  });

  it('prefixes every class with kf-', () => {
    const classes = [...KNITTERS_STYLES.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name);
    expect(classes.filter((name) => !name?.startsWith('kf-'))).toEqual([]);
  });
});
