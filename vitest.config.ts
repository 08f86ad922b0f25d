import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          // The tables of docs/product.md that packages/shared holds (scripts/product-doc.ts).
          name: 'docs',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/fail-on-console-error.ts'],
          // Loading every schema, message and the web app's router (through Vite) takes seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module cache for the API files (docs/decisions/033-test-run-time.md, fourth round): each file builds
          // its own app and database, so only loading the server once per run is shared.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Page tests spend most of their time building jsdom and loading modules, each file in its own worker:
          // two at a time on two cores take 190 s instead of 260 s (docs/decisions/033-test-run-time.md). A project
          // with its own worker count runs as its own group, after the others.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          globalSetup: ['apps/web/src/test/global-setup.ts'],
          setupFiles: ['test/fail-on-console-error.ts', 'apps/web/src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
