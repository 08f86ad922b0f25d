import { Worker } from 'node:worker_threads';
import type { ReportFormat } from '@bagshop/shared/insight';
import type { SalesReportDto } from '@bagshop/shared/insight-types';
import type { ReportDownload } from './report-download.ts';

export interface ReportThread {
  build(report: SalesReportDto, format: ReportFormat, shopName?: string): Promise<ReportDownload>;
  /** Starts the thread ahead of a likely download (it takes a moment to load its libraries). */
  warm(): void;
  close(): Promise<void>;
}

interface Job {
  resolve(file: ReportDownload): void;
  reject(error: Error): void;
}

type Reply = { id: number; file: ReportDownload; error?: undefined } | { id: number; error: string };

/**
 * One worker thread, started at the first download and kept for the next, that builds the report files one after
 * another. Should it die, the downloads under way fail and the next one starts a new thread.
 */
export function createReportThread(): ReportThread {
  let current: { worker: Worker; jobs: Map<number, Job> } | null = null;
  let nextId = 0;

  const start = () => {
    const worker = new Worker(new URL('./report-worker.mjs', import.meta.url));
    const thread = { worker, jobs: new Map<number, Job>() };
    // The HTTP server keeps the process alive; an idle report thread must not.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const job = thread.jobs.get(reply.id);
      thread.jobs.delete(reply.id);
      if (!job) return;
      if (reply.error !== undefined) job.reject(new Error(`The report file could not be built: ${reply.error}`));
      else job.resolve({ ...reply.file, body: Buffer.from(reply.file.body) });
    });
    const fail = (error: Error) => {
      for (const job of thread.jobs.values()) job.reject(error);
      thread.jobs.clear();
      if (current === thread) current = null;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The report thread stopped')));
    return thread;
  };

  return {
    build(report, format, shopName) {
      current ??= start();
      const thread = current;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        thread.jobs.set(id, { resolve, reject });
        thread.worker.postMessage({ id, report, format, shopName });
      });
    },
    warm() {
      current ??= start();
    },
    async close() {
      const thread = current;
      current = null;
      await thread?.worker.terminate();
    },
  };
}
