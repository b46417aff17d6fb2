/**
 * Requests that Node's HTTP parser refuses before the app sees them (an
 * unknown method, headers over Node's 16 KB, a broken chunk, a request that
 * never finishes, an Expect the mock cannot meet, a CONNECT), HTTP/1.1
 * requests without Host, and requests whose URL or Host @hono/node-server
 * cannot read (`OPTIONS *`, `Host: [x]`), get the one problem shape too,
 * instead of a bare status line with no body, or no answer at all.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { tooLargeDetail } from '../http/body-limits.js';
import { type ProblemKind, problemBody } from '../http/problem.js';

/**
 * `limitFor(method, path)`: the largest body the app takes there, or
 * undefined where it reads no body (src/http/app.ts, `bodyLimitFor`).
 */
export function answerClientErrors(server: Server, limitFor: (method: string, path: string) => number | undefined): void {
  // Once Node's parser has failed, every further chunk from the client reports the error again: one refusal per socket.
  const refusing = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The client is gone: there is no one to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    if (refusing.has(socket)) return;
    refusing.add(socket);
    refuseOnSocket(socket, () => unfinishedOn(socket), ...describe(error));
  });
  // Without a listener Node drops the connection without a word. A CONNECT asks a proxy for a tunnel; its target is a
  // host and port, not a resource of the mock, so there is no Allow to list and the answer is 400, not 405.
  server.on('connect', (request: IncomingMessage, socket: Duplex) =>
    refuseOnSocket(
      socket,
      () => [],
      'bad-request',
      `CONNECT ${request.url} asks for a tunnel, and the mock is no proxy; send your requests to it directly (GET /api/v1/schemas, say).`,
    ),
  );
  // A client that asks before sending its body (curl does for bodies over 1 KiB) learns of a body too large
  // before sending it, and before anything else about the request is checked; any other request goes on to
  // the app as usual.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    const limit = limitFor(request.method ?? 'GET', pathOf(request.url));
    if (limit !== undefined && Number(request.headers['content-length']) > limit) {
      response.shouldKeepAlive = false;
      track(request, response);
      answerProblem(response, 'payload-too-large', tooLargeDetail(limit));
      return;
    }
    response.writeContinue();
    server.emit('request', request, response);
  });
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const detail = `The mock meets only "Expect: 100-continue" (got "${request.headers.expect}"); leave the header out.`;
    track(request, response);
    answerProblem(response, 'expectation-failed', detail);
  });
}

/**
 * The responses of each connection not yet finished, oldest first: a request's response joins as the request
 * reaches the listener (`requiringHost`, the one every request passes). Node finishes them in order, so the
 * finished (or closed) ones are always at the front, and are dropped there when the next one joins or when the
 * list is read: no listener per request.
 */
const unfinishedBySocket = new WeakMap<Duplex, ServerResponse[]>();
const done = (response: ServerResponse) => response.writableFinished || response.closed;

function pruned(list: ServerResponse[]): ServerResponse[] {
  while (list.length > 0 && done(list[0] as ServerResponse)) list.shift();
  return list;
}

function track(request: IncomingMessage, response: ServerResponse): void {
  const list = unfinishedBySocket.get(request.socket);
  if (list === undefined) unfinishedBySocket.set(request.socket, [response]);
  else pruned(list).push(response);
}

const unfinishedOn = (socket: Duplex): readonly ServerResponse[] => pruned(unfinishedBySocket.get(socket) ?? []);

/** Answers a request Node holds (not yet the app's) with a problem. */
export function answerProblem(response: ServerResponse, kind: ProblemKind, detail: string): void {
  const problem = problemBody(kind, detail);
  const body = JSON.stringify(problem);
  response.writeHead(problem.status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body) }).end(body);
}

/**
 * Ends the connection with a problem, written as raw HTTP: the socket has left Node's HTTP machinery (a parser error,
 * a CONNECT). Bytes that do not parse can follow whole requests still being answered (pipelined, or sent after them):
 * those were taken and may change the state, so their answers go out first, in order, each whole. When one finishes,
 * Node hands the connection to the next one waiting. (An error inside a request's own body is answered at once,
 * which ends that request too.)
 */
function refuseOnSocket(socket: Duplex, unfinished: () => readonly ServerResponse[], kind: ProblemKind, detail: string): void {
  const problem = problemBody(kind, detail);
  const body = JSON.stringify(problem);
  const refuse = () =>
    socket.end(
      `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  const refuseWhenAnswered = () => {
    // Node writes the answers of one connection in order: the first unfinished one is the one being answered.
    const current = unfinished()[0];
    if (!current?.req.complete) return refuse();
    // A response closes once finished; closed without finishing, the client went away and there is no one to answer.
    current.once('close', () => (current.writableFinished ? refuseWhenAnswered() : socket.destroy()));
  };
  refuseWhenAnswered();
}

/**
 * The listener, behind the one check Node would otherwise answer with an empty 400 (`requireHostHeader`, which the
 * server turns off): an HTTP/1.1 request must name its Host (RFC 9112, section 3.2). An HTTP/1.0 one need not.
 */
export function requiringHost(listener: RequestListener): RequestListener {
  return (request, response) => {
    track(request, response);
    if (request.headers.host !== undefined || request.httpVersionMajor !== 1 || request.httpVersionMinor !== 1) {
      listener(request, response);
      return;
    }
    // Its body, if any, is left unread: the connection ends with the answer.
    response.shouldKeepAlive = false;
    answerProblem(
      response,
      'bad-request',
      'An HTTP/1.1 request must name its host in a Host header (curl, browsers and fetch send one); add one, such as Host: 127.0.0.1.',
    );
  };
}

/** The request target's path as the app routes it: an absolute-form target's path, percent-decoded as Hono does ('' when unreadable). */
function pathOf(target = '/'): string {
  try {
    // decodeURI, as Hono routes (an encoded slash stays encoded).
    return decodeURI(new URL(target, 'http://localhost').pathname);
  } catch {
    return '';
  }
}

function describe(error: NodeJS.ErrnoException): [ProblemKind, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return [
      'headers-too-large',
      'The request line and headers together are larger than Node takes (16 KB); send a shorter URL or fewer headers.',
    ];
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request-timeout', 'The request did not arrive in time; send it whole.'];
  return ['bad-request', `The request is not valid HTTP/1.1 (${error.code ?? error.message}); check the method, the URL and the headers.`];
}
