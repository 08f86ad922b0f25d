// The sales report's files are laid out on this thread, so a long PDF or workbook never holds up the shop's
// requests. Plain JavaScript because a worker starts without the TypeScript loader of the main thread.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { salesReportDownload } = await import('./report-download.ts');

parentPort.on('message', async ({ id, report, format, shopName }) => {
  try {
    const file = await salesReportDownload(report, format, shopName);
    parentPort.postMessage({ id, file });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
