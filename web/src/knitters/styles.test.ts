import { describe, expect, it } from 'vitest';
import { BREAKPOINT_DESKTOP_PX } from '../constants';
import { injectKnittersStyles, KNITTERS_STYLES } from './styles';

describe('the knitters page stylesheet', () => {
  it('is added once, beside the widgets’ own', () => {
    injectKnittersStyles();
    injectKnittersStyles();

    const styles = document.querySelectorAll('style#knitfront-knitters-styles');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(KNITTERS_STYLES);
  });

  it(`puts the photo beside the text from ${BREAKPOINT_DESKTOP_PX} px`, () => {
    expect(KNITTERS_STYLES).toMatch(
      new RegExp(
        `@media \\(min-width:${BREAKPOINT_DESKTOP_PX}px\\)\\{[^@]*\\.kf-knitter__content\\{grid-template-columns:`,
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
