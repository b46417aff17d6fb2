/**
 * The OpenAPI 3.1 document, generated from the routes (and so from the
 * resource schemas) once, on first request, and served at /openapi.json.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { resources } from '../domain/resources/index.js';
import type { AppEnv } from './app-env.js';
import { type Compressor, type DocsAsset, serveAsset } from './docs-page.js';
import { finishDocument } from './openapi-finish.js';
import { resourceTag } from './resource-openapi.js';

export const API_TITLE = 'Voice assistant configuration API (voice-config-mock)';
export const API_VERSION = '1.0.0';

/** Serves the document; returns it (made on first use, once), for what else reads it (src/http/prefer.ts). */
export function registerOpenApi(app: OpenAPIHono<AppEnv>, compress?: Compressor): () => object {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The API token; it identifies your organization. The seeded demo organization takes `demo-token` (send `Authorization: Bearer demo-token`).',
  });
  let document: object | undefined;
  const made = () => {
    document ??= openApiDocument(app);
    return document;
  };
  // Compressed, where a compressor is given (the server's), like the reference page's assets: it is a large document.
  let compressed: Promise<DocsAsset> | undefined;
  app.get('/openapi.json', async (c) => {
    if (!compress) return c.json(made());
    compressed ??= compress(new TextEncoder().encode(JSON.stringify(made())));
    // Asked again whenever the page loads (an upgraded mock has another document); the ETag makes that a 304.
    return serveAsset(c, 'application/json', await compressed, 'no-cache');
  });
  return made;
}

export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  const generated = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: API_VERSION,
      // The mock's own licence (package.json); the document describes the mock, not the real service's terms.
      license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      description: `${inWords(resources.map((def) => def.names.plural))} of a voice-call assistant platform, served by an in-memory, seeded mock. Every operation takes \`Authorization: Bearer <token>\`; the token identifies the organization. Errors are RFC 9457 problem details. The mock (not the real service) also reads a \`Prefer\` header on every \`/api/v1\` request: \`code=<status>\` answers one of the operation's documented errors (listed in its \`x-mock-prefer\` extension) and changes nothing, \`delay=<ms>\` waits first.`,
    },
    servers: [{ url: '/', description: 'This server' }],
    security: [{ bearerAuth: [] }],
    tags: [
      ...resources.map((def) => ({ name: resourceTag(def), description: `Operations on ${def.names.plural}.` })),
      {
        name: 'Control',
        description:
          "The mock's own control API (/__mock): reset, tenants, snapshots, journal, faults, clock. Not part of the real service.",
      },
    ],
  });
  return finishDocument(generated);
}

/** "a, b and c", capitalized: the resources the document describes, from the registry. */
function inWords(names: readonly string[]): string {
  const text = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
