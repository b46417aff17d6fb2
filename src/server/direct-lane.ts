/**
 * Node's side of the direct routes (src/http/direct-routes.ts): a request
 * they take is read from Node's IncomingMessage and answered on its
 * ServerResponse, with no web Request or Response in between; every other
 * request goes to the app's listener untouched. A body is taken whole from
 * Node's parser (buffered-body.ts); one that has not all arrived by the
 * check phase of the turn that read its headers is left unread, and the request goes to the app,
 * which reads it as a stream. Nothing is decided from a header Node keeps
 * only once of several: a request with any header twice goes to the app.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { DirectAnswer, DirectRoutes, PlainRequest } from '../http/direct-routes.js';
import { decodedBody } from '../http/json-body.js';
import { UNEXPECTED_FAILURE_DETAIL } from '../http/problem.js';
import type { RequestLogger } from '../http/request-logger.js';
import { takeBufferedBody } from './buffered-body.js';
import { answerProblem } from './node-client-errors.js';

/** `logger`: the request log the app writes to too, so that the lines of both ways go out in the order of the answers. */
export function withDirectLane(direct: DirectRoutes, app: RequestListener, logger?: RequestLogger): RequestListener {
  return function directLane(incoming, outgoing) {
    const request = plainRequestOf(incoming);
    const route = request && direct.route(request);
    if (!request || !route) return app(incoming, outgoing);
    const started = performance.now();
    const reply = (done: DirectAnswer) => {
      send(outgoing, done);
      logger?.line({
        method: request.method,
        sentPath: request.url,
        status: done.status,
        ms: performance.now() - started,
        org: done.org,
        problemTitle: done.problemTitle,
      });
    };
    const answer = (bytes: Uint8Array | undefined) => {
      try {
        const done = direct.answer(route, request, bytes && decodedBody(bytes), started);
        if (done instanceof Promise) done.then(reply, (error) => failed(outgoing, error));
        else reply(done);
      } catch (error) {
        failed(outgoing, error);
      }
    };
    if (!route.needsBody) return answer(undefined);
    if (incoming.complete) return answer(takeBufferedBody(incoming) ?? new Uint8Array(0));
    // The request event fires once the headers are parsed. Node's parser hands the body over in callbacks of its own
    // after that one, and runs the tick queue between them, so a body that came in the packet of its headers is
    // whole only once the poll phase that read the packet is over: in this turn's check phase, not on the next tick
    // (a next tick found it whole for none of 64,788 PATCHes). One that is not whole by then goes to the app.
    setImmediate(() => {
      const bytes = incoming.complete ? takeBufferedBody(incoming) : undefined;
      if (bytes !== undefined) answer(bytes);
      else app(incoming, outgoing);
    });
  };
}

/** The request as the direct routes read it, or undefined when some header came more than once. */
function plainRequestOf(incoming: IncomingMessage): PlainRequest | undefined {
  const { headers } = incoming;
  if (incoming.rawHeaders.length !== 2 * Object.keys(headers).length) return undefined;
  return {
    method: incoming.method ?? '',
    url: incoming.url ?? '',
    header: (name) => headers[name] as string | undefined,
  };
}

function send(outgoing: ServerResponse, answer: DirectAnswer): void {
  outgoing.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
  outgoing.end(answer.body);
}

function failed(outgoing: ServerResponse, error: unknown): void {
  console.error('voice-config-mock: unexpected failure', error);
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  answerProblem(outgoing, 'internal', UNEXPECTED_FAILURE_DETAIL);
}
