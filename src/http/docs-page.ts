/**
 * A browsable API reference at /docs (and /docs/): Swagger UI, served from
 * the installed swagger-ui-dist package (no CDN), pointed at /openapi.json.
 * The online spec validator badge is switched off so the page makes no
 * outside calls. The assets are read (and compressed) by a reader the caller
 * passes in, so this module (and the app) import nothing of Node's.
 */
import type { Context, Env, Hono } from 'hono';
import { ownEntry } from '../domain/own-entry.js';
import type { Resource } from '../domain/resource.js';
import { resources } from '../domain/resources/index.js';
import { requestExamples } from '../state/seed/examples.js';

const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/**
 * The unique fields of each create's pre-filled example, by path: the page adds a suffix to such a value when it is
 * sent as it was pre-filled, so that Execute twice creates two records instead of a 409 for the second.
 */
const uniqueExamples: Record<string, Record<string, string>> = Object.fromEntries(
  resources
    .filter((def) => def.unique?.length)
    .map((def) => {
      const { create } = requestExamples(def as Resource);
      return [
        `/api/v1/${def.path}`,
        Object.fromEntries((def.unique ?? []).flatMap((field) => (typeof create[field] === 'string' ? [[field, create[field]]] : []))),
      ];
    }),
);

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>voice-config-mock API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
const uniqueExamples = ${JSON.stringify(uniqueExamples)};
// A pre-filled create sent as it is gets its unique values made unique (a suffix), so a second Execute is not a 409.
function uniqueNames(request) {
  const fields = request.method === 'POST' && uniqueExamples[new URL(request.url, location.href).pathname];
  if (!fields || typeof request.body !== 'string') return request;
  try {
    const body = JSON.parse(request.body);
    for (const [field, example] of Object.entries(fields)) {
      if (body[field] === example) body[field] = example.slice(0, 50) + '_' + Date.now().toString(36);
    }
    request.body = JSON.stringify(body);
  } catch {}
  return request;
}
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  validatorUrl: null,
  persistAuthorization: true,
  requestInterceptor: uniqueNames,
  // The seeded demo organization's token, unless the page already keeps one the reader gave.
  onComplete: () => {
    if (!localStorage.getItem('authorized')) window.ui.preauthorizeApiKey('bearerAuth', 'demo-token');
  },
});
</script>
</body>
</html>`;

/** One asset as stored: its bytes, and the same compressed where the reader could. */
export interface DocsAsset {
  body: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
  /** A validator of the bytes, for If-None-Match. */
  etag?: string;
}

/** Reads one asset of swagger-ui-dist by file name (src/server/docs-assets-node.ts on Node). */
export type AssetReader = (file: string) => Promise<DocsAsset>;

/** Compresses bytes the app makes (the OpenAPI document) as the assets are (src/server/docs-assets-node.ts on Node). */
export type Compressor = (body: Uint8Array) => Promise<DocsAsset>;

/** The content codings an Accept-Encoding header takes (those it gives q=0 left out). */
function acceptedCodings(header: string): Set<string> {
  const codings = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((text) => text.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) codings.add(name);
  }
  return codings;
}

/** The smallest encoding the client takes: brotli, then gzip, else the bytes as they are. */
function pickEncoding(asset: DocsAsset, acceptEncoding: string): { encoding?: 'br' | 'gzip'; bytes: Uint8Array } {
  const codings = acceptedCodings(acceptEncoding);
  if (asset.br && codings.has('br')) return { encoding: 'br', bytes: asset.br };
  if (asset.gzip && codings.has('gzip')) return { encoding: 'gzip', bytes: asset.gzip };
  return { bytes: asset.body };
}

/** An asset in the encoding the client takes best; by default kept a day (the assets change only with the installed swagger-ui-dist). */
export function serveAsset<E extends Env>(c: Context<E>, type: string, asset: DocsAsset, cacheControl = 'public, max-age=86400'): Response {
  const headers: Record<string, string> = { 'content-type': type, 'cache-control': cacheControl, vary: 'accept-encoding' };
  if (asset.etag) headers.etag = asset.etag;
  if (asset.etag && c.req.header('if-none-match') === asset.etag) return c.body(null, 304, headers);
  const { encoding, bytes } = pickEncoding(asset, c.req.header('accept-encoding') ?? '');
  if (encoding) headers['content-encoding'] = encoding;
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
}

/** Without a reader (in a browser), the page is served but its assets answer 404. */
export function registerDocsPage<E extends Env>(app: Hono<E>, readAsset?: AssetReader): void {
  const cache = new Map<string, Promise<DocsAsset>>();
  const read = (file: string) => {
    let asset = cache.get(file);
    if (!asset) {
      asset = readAsset?.(file) ?? Promise.reject(new Error('no asset reader'));
      // A failed read is tried again next time rather than remembered.
      asset.catch(() => cache.delete(file));
      cache.set(file, asset);
    }
    return asset;
  };
  app.get('/docs', (c) => c.html(page));
  app.get('/docs/', (c) => c.html(page));
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ownEntry(assets, file);
    if (!type || !readAsset) return c.notFound();
    return serveAsset(c, type, await read(file));
  });
  // Browsers ask for /favicon.ico on their own (the JSON answers, /openapi.json, have no page to name an icon).
  app.get('/favicon.ico', async (c) => {
    if (!readAsset) return c.notFound();
    return serveAsset(c, 'image/png', await read('favicon-32x32.png'));
  });
}
