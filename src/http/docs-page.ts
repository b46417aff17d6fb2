/**
 * A browsable API reference at /docs: Swagger UI, served from the installed
 * swagger-ui-dist package (no CDN), pointed at /openapi.json. The online
 * spec validator badge is switched off so the page makes no outside calls.
 * The assets are read by a reader the caller passes in, so this module (and
 * the app) import nothing of Node's.
 */
import type { Env, Hono } from 'hono';
import { own } from '../domain/own.js';

const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>voice-config-mock API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, persistAuthorization: true });
</script>
</body>
</html>`;

/** Reads one asset of swagger-ui-dist by file name (src/http/docs-assets-node.ts on Node). */
export type AssetReader = (file: string) => Promise<string>;

/** Without a reader (in a browser), the page is served but its assets answer 404. */
export function registerDocsPage<E extends Env>(app: Hono<E>, readAsset?: AssetReader): void {
  const cache = new Map<string, Promise<string>>();
  app.get('/docs', (c) => c.html(page));
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = own(assets, file);
    if (!type || !readAsset) return c.notFound();
    let body = cache.get(file);
    if (!body) {
      body = readAsset(file);
      cache.set(file, body);
    }
    return c.body(await body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}
