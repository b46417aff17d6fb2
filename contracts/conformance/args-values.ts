/** Reading the values of `verify`'s flags: report paths, examples and OpenAPI files, headers, pointers. */
import { accessSync, constants, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type GivenExamples, givenExamples, type OpenApiSource, parseDocument } from './target/examples.js';
import { isJsonPointer } from './target/pointer.js';
import { whyUnaddressable } from './target/record-path.js';

/** A mistake on the command line (exit code 2). */
export class UsageError extends Error {}

export function parseReport(text: string): { format: 'junit' | 'json'; path: string } {
  const match = /^(junit|json)=(.+)$/.exec(text);
  if (!match) throw new UsageError(`--report takes junit=PATH or json=PATH (got "${text}")`);
  const path = match[2]!;
  // Checked before the run: a report that cannot be written would otherwise lose the whole run's verdict at its end.
  const folder = dirname(resolve(path));
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new UsageError(`--report ${text}: the folder ${folder} cannot be written to (${(error as NodeJS.ErrnoException).code})`);
  }
  return { format: match[1] as 'junit' | 'json', path };
}

export function readExamples(file: string): GivenExamples {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--examples: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return givenExamples(JSON.parse(text));
  } catch (error) {
    throw new UsageError(`--examples: ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function positiveInteger(flag: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a whole number above 0 (got "${text}")`);
  return Number(text);
}

/** A whole number from 0 to `max` (a time in ms that may be none, kept within what a timer can wait). */
export function nonNegativeInteger(flag: string, text: string, max = 600_000): number {
  if (!/^\d+$/.test(text) || Number(text) > max) throw new UsageError(`${flag} must be a whole number from 0 to ${max} (got "${text}")`);
  return Number(text);
}

/** `--openapi FILE|URL`: a URL is fetched when the run starts; a file is read (and must be JSON) now. */
export function readOpenApi(where: string): OpenApiSource {
  if (/^https?:\/\//i.test(where)) {
    if (!URL.canParse(where)) throw new UsageError(`--openapi: "${where}" is not a URL`);
    return { url: where };
  }
  let text: string;
  try {
    text = readFileSync(where, 'utf8');
  } catch (error) {
    throw new UsageError(`--openapi: cannot read ${where} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    return { document: parseDocument(text, /\.ya?ml$/i.test(where) ? 'application/yaml' : null), from: where };
  } catch (error) {
    throw new UsageError(
      `--openapi: ${where} is neither JSON nor YAML (${error instanceof Error ? error.message : String(error)}); give the document as JSON or YAML`,
    );
  }
}

/** Headers that are the kit's own to set: the token goes with --token, the body type with the body. */
const KIT_HEADERS = new Set(['authorization', 'content-type', 'content-length', 'host']);

/** `--header "Name: value"` as a [lower-case name, value] pair. */
export function parseHeader(text: string): [string, string] {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):\s*(.*)$/.exec(text);
  if (!match) throw new UsageError('--header takes "Name: value" (a header name, a colon, the value)');
  const name = match[1]!.toLowerCase();
  if (KIT_HEADERS.has(name))
    throw new UsageError(
      `--header cannot set ${match[1]}: the kit sets it itself${name === 'authorization' ? ' (give the token with --token)' : ''}`,
    );
  return [name, match[2]!.trim()];
}

/** `--system-trunk-id`: the trunk's id as the target shows it (the kit encodes it in paths), one a path can carry. */
export function systemTrunkId(text: string): string {
  const why = whyUnaddressable(text, 'the id');
  if (why !== undefined) throw new UsageError(`--system-trunk-id: ${why}`);
  return text;
}

/** A JSON pointer flag's value ("" or starting with "/"). */
export function parsePointer(flag: string, text: string): string {
  if (!isJsonPointer(text)) throw new UsageError(`${flag} takes a JSON pointer such as /data (got "${text}")`);
  return text;
}
