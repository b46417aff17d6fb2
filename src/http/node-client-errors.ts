/**
 * Requests that Node's HTTP parser refuses before the app sees them (an
 * unknown method, headers over Node's 16 KB, a broken chunk, a request that
 * never finishes, an Expect the mock cannot meet) get the one problem shape
 * too, instead of Node's bare status line with no body.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ProblemKind, problemBody } from './problem.js';

export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The client is gone: there is no one to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [kind, detail] = describe(error);
    const problem = problemBody(kind, detail);
    const body = JSON.stringify(problem);
    const { status, title } = problem;
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const detail = `The mock meets only "Expect: 100-continue" (got "${request.headers.expect}"); leave the header out.`;
    const body = JSON.stringify(problemBody('expectation-failed', detail));
    response.writeHead(417, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
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
