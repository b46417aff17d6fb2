/**
 * Types for a client generated from an OpenAPI document, as a frontend
 * developer makes them: openapi-typescript with its default options. Reads
 * the document (JSON) on stdin, writes the TypeScript on stdout. It runs in
 * its own process and folder because openapi-typescript needs TypeScript
 * 5's compiler API, installed here beside it, while the project checks its
 * own types with TypeScript 7.
 */
import { text } from 'node:stream/consumers';
import openapiTS, { astToString } from 'openapi-typescript';

const document = JSON.parse(await text(process.stdin));
// Kept as openapi-typescript writes it: the snapshot compares generated text, which the project's formatter would change.
const header = '// biome-ignore-all format: written by openapi-typescript from /openapi.json; compared as generated\n';
process.stdout.write(header + astToString(await openapiTS(document)));
