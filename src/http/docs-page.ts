/**
 * A browsable API reference at /docs: Swagger UI, served from the installed
 * swagger-ui-dist package (no CDN), pointed at /openapi.json. The online
 * spec validator badge is switched off so the page makes no outside calls.
 */
import type { Env, Hono } from 'hono';

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

export function registerDocsPage<E extends Env>(app: Hono<E>): void {
  app.get('/docs', (c) => c.html(page));
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = assets[file];
    if (!type) return c.notFound();
    const body = await readAsset(file);
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}

const cache = new Map<string, Promise<string>>();

/** Loaded on first use: node-only modules stay out of the app for other runtimes. */
function readAsset(file: string): Promise<string> {
  let pending = cache.get(file);
  if (!pending) {
    pending = (async () => {
      const { createRequire } = await import('node:module');
      const { readFile } = await import('node:fs/promises');
      const path = createRequire(import.meta.url).resolve(`swagger-ui-dist/${file}`);
      return readFile(path, 'utf8');
    })();
    cache.set(file, pending);
  }
  return pending;
}
