/**
 * The app (src/http/app.ts) as Node's request listener: @hono/node-server's
 * listener around the app's fetch, with Node's readers of bodies, assets
 * and large JSON. The server loads and makes it on the first request the
 * direct routes (src/http/direct-routes.ts) leave to it: the framework, its
 * adapter and the web Request and Response they build on (undici,
 * node:http2) were a third of a start-up, and the resource routes' plain
 * requests need none of them.
 */
import type { RequestListener } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import { type AppOptions, createApp } from '../http/app.js';
import type { LargeBodyParser } from '../http/app-env.js';
import { problemBody } from '../http/problem.js';
import type { MockState } from '../state/mock-state.js';
import { bufferedBody } from './buffered-body.js';
import { compressAsset, readSwaggerAsset } from './docs-assets-node.js';
import { hostHeaderOf } from './start-options.js';

/** `host`: the address the server listens on, the Host of an HTTP/1.0 request that names none. */
export function appListener(options: AppOptions, mockState: MockState, parseLargeBody: LargeBodyParser, host: string): RequestListener {
  const app = createApp({
    docsAssets: readSwaggerAsset,
    // Node's request reaches the app as it is (no wrapper around its fetch), and buffered-body.ts reads a body from it.
    bodyBytes: bufferedBody,
    parseLargeBody,
    compress: compressAsset,
    ...options,
    mockState,
  });
  // @hono/node-server's listener, with an answer in the problem shape for a request whose URL or Host it cannot read.
  // It leaves the process's global Request and Response alone: by default it replaces them with subclasses of its own
  // (for a quicker answer, about 15 % on a list through the app), and a program or test beside the mock then finds
  // `fetch`'s answers not `instanceof Response`, and `new Request(...).clone()` not `instanceof Request`.
  return getRequestListener((request, env) => app.fetch(copyable(request), env), {
    hostname: hostHeaderOf(host),
    errorHandler: answerUnreadableRequest,
    overrideGlobalObjects: false,
  });
}

/**
 * The request as the app can take it. The adapter hands the app a request of
 * its own, which the web Request constructor cannot copy while the globals
 * are left alone; and the app's limit on a body of unknown length (Hono's
 * bodyLimit, src/http/size-limit.ts) copies the request around the bytes it
 * read. So a body without a Content-Length comes as a plain web Request
 * (a bodiless POST, a chunked upload); every other request as it is.
 */
function copyable(request: Request): Request {
  if (request.method === 'GET' || request.method === 'HEAD' || request.headers.has('content-length')) return request;
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    duplex: 'half',
    signal: request.signal,
  });
}

/**
 * @hono/node-server's error handler. It is called mostly when a request's URL
 * cannot be built (a request target that is not a path, a Host that is not a
 * host name), before the app sees the request; anything else that reaches it
 * escaped the app's own error handling, and is a bug of the mock.
 */
export function answerUnreadableRequest(error: unknown): Response {
  const body =
    error instanceof RequestError
      ? problemBody(
          'bad-request',
          `The request's target or Host header cannot be read (${error.message}); send a path such as /api/v1/schemas, addressed to the mock's host name or IP address.`,
        )
      : problemBody('internal', 'The mock failed unexpectedly while handling this request; this is a bug in the mock, please report it.');
  if (!(error instanceof RequestError)) console.error('voice-config-mock: unexpected failure', error);
  return new Response(JSON.stringify(body), { status: body.status, headers: { 'content-type': 'application/problem+json' } });
}
