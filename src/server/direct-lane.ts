/**
 * Node's side of the direct routes (src/http/direct-routes.ts): a request
 * they take is read from Node's IncomingMessage and answered on its
 * ServerResponse, with no web Request or Response in between; every other
 * request goes to the app's listener untouched. A body is taken whole from
 * Node's parser (buffered-body.ts); one that has not all arrived by the
 * check phase of the turn that read its headers is left unread, and the request goes to the app,
 * which reads it as a stream. Nothing is decided from a header Node keeps
 * only once of several: a request with any header twice goes to the app.
 *
 * The answers of a turn of the event loop are written together, in that
 * turn's check phase, once every one of them is worked out: each is still
 * worked out, and its request log line written, when it was before (a read
 * in its request event, a write once its body is in); only its write
 * waits. Each socket write wakes the client that reads it; written one
 * after another's work, each write found its client asleep again, and the
 * wake-ups cost the mock more CPU than its own work on a create
 * (docs/BENCHMARKS.md, "Answers written together"). An answer that waits
 * for its write's commit (`--state-file`) is written when the commit is
 * done. A write that fails is answered as a failure; the others still go.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { DirectAnswer, DirectRoute, DirectRoutes, PlainRequest } from '../http/direct-routes.js';
import { decodedBody } from '../http/json-body.js';
import { UNEXPECTED_FAILURE_DETAIL } from '../http/problem.js';
import type { RequestLogger } from '../http/request-logger.js';
import { takeBufferedBody } from './buffered-body.js';
import { answerProblem } from './node-client-errors.js';

/** `logger`: the request log the app writes to too, so that the lines of both ways go out in one stream, each as its answer is worked out. */
export function withDirectLane(direct: DirectRoutes, app: RequestListener, logger?: RequestLogger): RequestListener {
  /** Answers worked out and not yet written. */
  let writes: Array<{ outgoing: ServerResponse; done: DirectAnswer }> = [];
  /** Writes them: the last callback queued for the check phase, behind the work of every body taken in this turn. */
  let writing: NodeJS.Immediate | undefined;

  const writeAll = () => {
    writing = undefined;
    const held = writes;
    writes = [];
    // One that fails is answered as the app answers a failure; the others are written all the same.
    for (const { outgoing, done } of held) {
      try {
        send(outgoing, done);
      } catch (error) {
        failed(outgoing, error);
      }
    }
  };

  function answer({ outgoing, request, route, started }: Taken, bytes: Uint8Array | undefined): void {
    // The line is written when the answer is worked out, as the app's is, and times the work, not the wait for the write.
    const logged = (done: DirectAnswer) =>
      logger?.line({
        method: request.method,
        sentPath: request.url,
        status: done.status,
        ms: performance.now() - started,
        org: done.org,
        problemTitle: done.problemTitle,
      });
    try {
      const done = direct.answer(route, request, bytes && decodedBody(bytes), started);
      if (done instanceof Promise) {
        done
          .then((committed) => {
            send(outgoing, committed);
            logged(committed);
          })
          .catch((error) => failed(outgoing, error));
        return;
      }
      logged(done);
      writes.push({ outgoing, done });
      writing ??= setImmediate(writeAll);
    } catch (error) {
      failed(outgoing, error);
    }
  }

  // The request event fires once the headers are parsed. Node's parser hands the body over in callbacks of its own
  // after that one, and runs the tick queue between them, so a body that came in the packet of its headers is whole
  // only once the poll phase that read the packet is over: in this turn's check phase, not on the next tick (a next
  // tick found it whole for none of 64,788 PATCHes). One that is not whole by then goes to the app.
  const withBody = (taken: Taken) => {
    const bytes = taken.incoming.complete ? takeBufferedBody(taken.incoming) : undefined;
    if (bytes === undefined) app(taken.incoming, taken.outgoing);
    else answer(taken, bytes);
  };

  return function directLane(incoming, outgoing) {
    const request = plainRequestOf(incoming);
    const route = request && direct.route(request);
    if (!request || !route) return app(incoming, outgoing);
    const taken = { incoming, outgoing, request, route, started: performance.now() };
    // Answered now, when the app would answer it; only its write waits.
    if (!route.needsBody) return answer(taken, undefined);
    // Its own callback, queued where the app would queue its wait for the body, so that pipelined requests meet the
    // state in the same order either way; the writes go behind it.
    setImmediate(withBody, taken);
    if (writing) clearImmediate(writing);
    writing = setImmediate(writeAll);
  };
}

/** A request the direct routes took. */
interface Taken {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  request: PlainRequest;
  route: DirectRoute;
  started: number;
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
