import type http from 'node:http';

/** How long a stopping process waits for requests under way before it closes the database anyway. */
export const DRAIN_TIMEOUT_MS = 30_000;

interface Tracked {
  response: http.ServerResponse;
  socket: http.ServerResponse['socket'];
  done: boolean;
  end: () => void;
}

export interface InFlight {
  /** Requests received and not yet answered (or abandoned by their client). */
  readonly count: number;
  /** Resolves once no request is under way, or after `timeoutMs`. */
  drained(timeoutMs?: number): Promise<void>;
}

/**
 * Counts the server's requests under way. Fastify's close() stops taking connections but resolves before the
 * requests already received are answered, and the database is closed right after it: a stopping process
 * (SIGTERM, docs/deploy.md) waits on this in between, so every request it took is answered.
 */
export function trackInFlight(server: http.Server): InFlight {
  let count = 0;
  const waiting = new Set<() => void>();
  /** What ends a request's count; bound per request (no closure: tsx names every closure it creates). */
  function ended(this: Tracked): void {
    if (this.done) return;
    this.done = true;
    // A kept-alive connection carries many requests: each takes its listener off again, or they pile up on it.
    this.response.off('finish', this.end);
    this.socket?.off('close', this.end);
    count -= 1;
    if (count === 0) for (const wake of waiting) wake();
  }
  server.on('request', (_request, response: http.ServerResponse) => {
    count += 1;
    const tracked: Tracked = { response, socket: response.socket, done: false, end: ended };
    tracked.end = ended.bind(tracked);
    // Answered, or its connection gone. Not the response's 'close': a client that half-closes after sending its
    // body fires it before the answer is written.
    response.once('finish', tracked.end);
    tracked.socket?.once('close', tracked.end);
  });
  return {
    get count() {
      return count;
    },
    async drained(timeoutMs = DRAIN_TIMEOUT_MS) {
      if (count === 0) return;
      let timer: NodeJS.Timeout | undefined;
      let wake = () => {};
      await new Promise<void>((resolve) => {
        wake = resolve;
        waiting.add(wake);
        timer = setTimeout(resolve, timeoutMs);
      });
      waiting.delete(wake);
      clearTimeout(timer);
    },
  };
}
