import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A console.error during a test fails it. A test that expects one calls `allowConsoleError()`,
 * which answers the captured calls so the test can assert on them.
 */
let captured: unknown[][] = [];
let allowed = false;

export function allowConsoleError(): unknown[][] {
  allowed = true;
  return captured;
}

beforeEach(() => {
  captured = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    captured.push(args);
  });
});

afterEach(() => {
  const calls = captured;
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0 && !allowed) {
    throw new Error(
      `console.error was called during the test:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});
