import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The HTTP stand-in of the tests that import this module: every request must be answered by a
 * handler the test gives (server.use), so an unexpected call fails the test.
 */
export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The page's own origin in the tests: where the API is when no apiBase is configured. */
export const ORIGIN = window.location.origin;
