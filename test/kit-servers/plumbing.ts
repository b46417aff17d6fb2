/**
 * The little that the kit's test servers share: listening on 127.0.0.1, reading a JSON body, answering. Each
 * server keeps its own records and rules; none imports the mock or the kit.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type InProcessFetch, inProcessFetch } from './in-process.js';

export interface Running {
  url: string;
  /** Every request's method and path, in order (to show what the kit sent). */
  received: string[];
  close(): Promise<void>;
}

/** The servers `listen` started, by URL, each reached in process (runKit gives the kit this fetch for its base URL). */
export const inProcess = new Map<string, InProcessFetch>();

export type Handler = (req: IncomingMessage, body: unknown, res: ServerResponse) => void;

/** Starts `handler` on a free port of 127.0.0.1. */
export async function listen(handler: Handler): Promise<Running> {
  const received: string[] = [];
  const listener: RequestListener = async (req, res) => {
    received.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      return answer(res, 400, { message: 'the body is not JSON' });
    }
    handler(req, body, res);
  };
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  inProcess.set(url, inProcessFetch(listener));
  return {
    url,
    received,
    close: () => {
      inProcess.delete(url);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers JSON (or nothing, when `body` is undefined). */
export function answer(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** The bearer token of a request, if any. */
export const bearerOf = (req: IncomingMessage): string | undefined => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];

/** A plain JSON object. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The five collections and the record of a schema, which the spec gives field by field. */
export const COLLECTIONS = ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export function schemaRecord(id: string, fields: Record<string, unknown>, now = new Date().toISOString()): Record<string, unknown> {
  return { id, type: 'Free', isLocked: false, properties: {}, description: '', createdAt: now, updatedAt: now, ...fields };
}
