import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens under test talk to a real shop server in the same run; while `npm test` runs every project at once on
// two cores, an answer can take longer than Testing Library's default second. findBy/waitFor wait up to this long
// for what a user would see; they return as soon as it is there.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
