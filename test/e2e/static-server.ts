/** A tiny static file server on 127.0.0.1 that also records which paths were asked for. */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface StaticServer {
  url: string;
  /** Paths requested so far, in order, e.g. `/index.html`. */
  requested: string[];
  close(): Promise<void>;
}

/** Serves the files of `root` on a random port; `/` is `index.html`, anything else missing is 404. */
export async function serveDirectory(root: string): Promise<StaticServer> {
  const requested: string[] = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://static').pathname;
    requested.push(path);
    const relative = normalize(path === '/' ? '/index.html' : path);
    const type = types[extname(relative)];
    // normalize() resolves "..", so a path still starting with "/" stays inside root.
    if (!type || !relative.startsWith('/')) return notFound(res);
    try {
      const body = await readFile(join(root, relative));
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      notFound(res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function notFound(res: import('node:http').ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('not found');
}
