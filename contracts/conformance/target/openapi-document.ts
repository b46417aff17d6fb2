/** Reading an OpenAPI document: where its paths start, local `$ref`s, and a media type's request example. */
import { isPlainObject } from '../matchers.js';

/**
 * Where the document's paths start, relative to the base URL: a document
 * whose server is `/api/v1` (or `https://host/api/v1`, or
 * `{scheme}://{host}/api/v1` with defaults) writes `/tools` for
 * `/api/v1/tools`. The first server counts; none, or one outside the base URL, adds nothing.
 */
export function serverPrefix(document: Record<string, unknown>, baseUrl: string): string {
  const server = Array.isArray(document.servers) && isPlainObject(document.servers[0]) ? document.servers[0] : undefined;
  if (typeof server?.url !== 'string') return '';
  const variables = isPlainObject(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const fallback = dig(variables, [name, 'default']);
    return typeof fallback === 'string' ? fallback : whole;
  });
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if (!URL.canParse(url, base.href)) return '';
  const serverPath = new URL(url, base).pathname;
  return serverPath.startsWith(base.pathname) ? serverPath.slice(base.pathname.length - 1).replace(/\/$/, '') : '';
}

/**
 * A media type's example, wherever OpenAPI lets it be written: `example`,
 * the first of `examples` (a map of Example objects), or on the schema
 * (`example`, or the first of a 3.1 schema's `examples` list).
 */
export function exampleOf(document: Record<string, unknown>, media: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(media)) return undefined;
  const named = isPlainObject(media.examples)
    ? Object.values(media.examples)
        .map((entry) => resolved(document, entry))
        .find((entry) => isPlainObject(entry) && isPlainObject(entry.value))
    : undefined;
  // In 3.1 a schema may carry an example beside its $ref: the schema as written is read before the one it points at.
  const schemas = [media.schema, resolved(document, media.schema)];
  const onSchemas = schemas.flatMap((schema) => {
    const listed = dig(schema, ['examples']);
    return [dig(schema, ['example']), Array.isArray(listed) ? listed[0] : undefined];
  });
  return [media.example, dig(named, ['value']), ...onSchemas].find(isPlainObject);
}

/** The value a local `$ref` (`#/components/…`) points at, followed a few times; anything else as it is. */
export function resolved(document: Record<string, unknown>, value: unknown): unknown {
  let current = value;
  for (let hops = 0; hops < 8 && isPlainObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    // JSON Pointer: "~1" stands for "/" and "~0" for "~" inside a key.
    current = dig(
      document,
      ref
        .slice(2)
        .split('/')
        .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~')),
    );
  }
  return current;
}

export function dig(value: unknown, keys: string[]): unknown {
  let current = value;
  for (const key of keys) current = isPlainObject(current) ? current[key] : undefined;
  return current;
}
