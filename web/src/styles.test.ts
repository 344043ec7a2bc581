import { describe, expect, it } from 'vitest';
import { BREAKPOINT_MOBILE_PX } from './constants';
import { injectStyles, STYLES } from './styles';

describe('injectStyles', () => {
  it('adds the stylesheet once however often it runs', () => {
    injectStyles();
    injectStyles();

    const styles = document.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(STYLES);
  });

  it(`switches the currency panel's layout at ${BREAKPOINT_MOBILE_PX} px`, () => {
    expect(STYLES).toMatch(
      new RegExp(
        `@media \\(max-width:${BREAKPOINT_MOBILE_PX}px\\)\\{\\s*\\.kf-currency__panel\\{position:fixed`,
      ),
    );
  });

  it('prefixes every class with kf-', () => {
    const classes = [...STYLES.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name);
    expect(classes.length).toBeGreaterThan(0);
    expect(classes.filter((name) => !name?.startsWith('kf-'))).toEqual([]);
  });
});
