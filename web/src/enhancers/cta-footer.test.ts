import { describe, expect, it } from 'vitest';
import { FOOTER_HEIGHT_PROPERTY } from '../styles';
import { FOOTER_SHOWN, footerRoomStyles } from './cta-footer';

describe('footerRoomStyles', () => {
  it('makes no room while the footer takes none', () => {
    expect(footerRoomStyles(0)).toBe('');
  });

  it("leaves the footer's height at the page's end and under the pre-order strip, on those elements alone", () => {
    const css = footerRoomStyles(57);
    expect(css).toContain(`[${FOOTER_SHOWN}] body{padding-bottom:57px}`);
    expect(css).toContain(`preorder-strip{${FOOTER_HEIGHT_PROPERTY}:57px}`);
    // A custom property on the root would be inherited by every element of the page.
    expect(css).not.toMatch(/(:root|html)\s*\{/);
  });
});
