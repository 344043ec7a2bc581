import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only when test globals are on; they are off.
afterEach(cleanup);

// Browsers report an error this way without stopping the script; jsdom lacks it.
window.reportError ??= (error: unknown) => console.error(error);

// jsdom lays nothing out and has no scrolling of elements; tests that scroll spy on it.
Element.prototype.scrollTo ??= () => {};

// jsdom has no ResizeObserver: nothing is laid out, so nothing ever resizes.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
