import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Screens under test talk to a real shop server in the same run; while `npm test` runs every project at once on
// two cores, an answer can take longer than Testing Library's default second. findBy/waitFor wait up to this long
// for what a user would see; they return as soon as it is there.
configure({ asyncUtilTimeout: 5_000 });

// A file's own beforeAll may make data as the demo admin before `withRealServer` renews the session in its first
// beforeEach; files that start late in a long run would find that access token expired. Imported when the hook runs,
// after the test file and its vi.mock calls have loaded, so this set-up loads no module ahead of a file's mocks.
beforeAll(async () => {
  const { renewAdminWhenOld } = await import('./real-server.ts');
  await renewAdminWhenOld();
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
