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
          maxWorkers: 2,
          setupFiles: ['test/fail-on-console-error.ts'],
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
          // Each file has a database of its own (a copy of the template) and its own mail catcher, so two files can
          // run at once: while one waits on PostgreSQL, a mail, a child process or a timer, the other uses the CPU.
          // Without this Vitest runs one file at a time on two cores (its default is one less than the cores).
          maxWorkers: 2,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globalSetup: ['apps/web/src/test/global-setup.ts'],
          setupFiles: ['test/fail-on-console-error.ts', 'apps/web/src/test/setup.ts'],
          testTimeout: 15_000,
          // One file at a time: every page test talks to the same shop (one database, one demo admin), and some
          // read lists that another file's writes would change.
          maxWorkers: 1,
        },
      },
    ],
  },
});
