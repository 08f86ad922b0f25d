import { test as base, expect, type Page } from '@playwright/test';

export interface ConsoleWatch {
  /** Chromium logs every 4xx/5xx answer as a console error; a test that expects such answers names their statuses. */
  allowFailedRequests(...statuses: number[]): void;
  /** Watches another page too (e.g. one in a second browser context). */
  watch(page: Page): void;
}

/** Every test fails on a console error or an uncaught exception in the page, unless it expects one. */
export const test = base.extend<{ consoleErrors: ConsoleWatch }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (target: Page) => {
        target.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
        target.on('console', (msg) => {
          if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
        });
      };
      watch(page);
      await use({
        allowFailedRequests: (...statuses) => {
          for (const status of statuses) {
            allowed.push(new RegExp(`^console\\.error: Failed to load resource: .* status of ${status}\\b`));
          }
        },
        watch,
      });
      const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
      expect(unexpected, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
