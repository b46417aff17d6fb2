/** A real webhook receiver on 127.0.0.1 and a free port: records every request and answers the statuses it is told to. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived (what the signature covers). */
  raw: string;
  /** When it arrived whole (performance.now(), ms). */
  receivedAt: number;
}

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** The next answers, one per request; after them, `otherwise` (default 200). */
  answer(statuses: number[], otherwise?: number): void;
  /** Holds every answer from now on until the returned function is called (then answers them as `answer` says). */
  hold(): () => void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let queue: number[] = [];
  let fallback = 200;
  let held: Promise<void> = Promise.resolve();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, receivedAt: performance.now() });
      void held.then(() => {
        const status = queue.shift() ?? fallback;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver says no');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(statuses, otherwise = 200) {
      queue = [...statuses];
      fallback = otherwise;
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
