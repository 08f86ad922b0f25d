export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it answers true, giving up with `what` in the error after `withinMs`. The bound only
 * keeps a broken run from hanging; it is not what a test asserts.
 */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  withinMs = 30_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${withinMs / 1000} s waiting for ${what}`);
    await pause(everyMs);
  }
}
