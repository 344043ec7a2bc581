import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../test/elements';
import { defineElement } from './define';
import { KnittersPageElement } from './knitters-page';

// The page's module, as a stand-in that counts its loads and arrives when the test lets it: the
// real one is tested on its own.
const loads = vi.hoisted(() => {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { count: 0, arrived, arrive };
});
vi.mock('../knitters/knitters-page', async () => {
  loads.count++;
  await loads.arrived;
  return { KnittersPage: () => <p className="loaded-page">the knitters page</p> };
});

const FALLBACK = '<div class="fallback"><h1>All Knitters</h1></div>';

describe('knitters-page', () => {
  it('loads the page code only once the element is on the page, keeping the fallback till then', async () => {
    defineElement('knitters-page', KnittersPageElement);
    await mount('<p>a product page</p>');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loads.count).toBe(0);

    await mount(`<knitters-page>${FALLBACK}</knitters-page>`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loads.count).toBe(1);
    expect(document.querySelector('knitters-page .fallback')).not.toBeNull();

    loads.arrive();
    await waitFor(() =>
      expect(document.querySelector('knitters-page .loaded-page')).not.toBeNull(),
    );
    expect(document.querySelector('knitters-page .fallback')).toBeNull();
    expect(loads.count).toBe(1);
  });

  it('renders at once where the code has loaded already', async () => {
    await mount(`<knitters-page>${FALLBACK}</knitters-page>`);

    expect(document.querySelector('knitters-page .loaded-page')).not.toBeNull();
    expect(loads.count).toBe(1);
  });
});
