/**
 * A budget of request-body bytes being read and parsed at once. A body of a
 * megabyte costs ten times its size in memory while it is parsed and checked
 * (the text, the parsed value, what validation builds), and every request the
 * server takes would otherwise be read at once, so parallel large bodies
 * could take the mock's memory past any bound. A large body is taken only while the bodies already in flight leave
 * room for it in the budget (one larger than the whole budget is taken alone);
 * otherwise it waits, unread, in arrival order: Node stops reading a request
 * whose body nobody reads, so its bytes stay in the client's and the kernel's
 * buffers. One that waits longer than `waitMs` answers 503 with Retry-After,
 * in the problem shape, and its connection closes.
 *
 * A body is counted by its Content-Length, a chunked one by the most the app
 * takes at its route. Bodies of 64 KiB or less (the ordinary writes) and
 * requests the app reads no body of are never held.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { LARGE_BODY_CHARS } from '../http/large-bodies.js';
import { problemBody } from '../http/problem.js';
import { DEFAULT_BODY_BUDGET_BYTES } from './start-options.js';

export { DEFAULT_BODY_BUDGET_BYTES };

export interface BodyBudget {
  /** Most bytes of bodies in flight. */
  budgetBytes: number;
  /** How long a body may wait for room before it answers 503. */
  waitMs: number;
  /** The largest body the app takes for this request, or undefined where it reads none (`bodyLimitFor`). */
  limitFor(method: string, path: string): number | undefined;
}

interface Waiting {
  weight: number;
  admit(): void;
}

/** What a request's body weighs in the budget: 0 for one that is small, read by no route, or refused by its length alone (413). */
function weightOf(request: IncomingMessage, limitFor: BodyBudget['limitFor']): number {
  const length = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if (length === undefined && !chunked) return 0;
  const limit = limitFor(request.method ?? 'GET', pathOf(request.url));
  if (limit === undefined) return 0;
  const weight = length === undefined ? limit : Number(length);
  if (!Number.isFinite(weight) || weight > limit || weight <= LARGE_BODY_CHARS) return 0;
  return weight;
}

const pathOf = (url = '/') => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

export function budgetedBodies(listener: RequestListener, { budgetBytes, waitMs, limitFor }: BodyBudget): RequestListener {
  let inFlight = 0;
  const queue: Waiting[] = [];
  const fits = (weight: number) => inFlight === 0 || inFlight + weight <= budgetBytes;
  const admitWaiting = () => {
    while (queue.length > 0 && fits((queue[0] as Waiting).weight)) (queue.shift() as Waiting).admit();
  };
  const take = (weight: number, response: ServerResponse) => {
    inFlight += weight;
    // 'close' comes once the answer has gone, or the connection went first: either way the body is done with.
    response.once('close', () => {
      inFlight -= weight;
      admitWaiting();
    });
  };

  return (request, response) => {
    const weight = weightOf(request, limitFor);
    if (weight === 0) {
      listener(request, response);
      return;
    }
    if (queue.length === 0 && fits(weight)) {
      take(weight, response);
      listener(request, response);
      return;
    }
    const waiting: Waiting = {
      weight,
      admit: () => {
        clearTimeout(timer);
        take(weight, response);
        listener(request, response);
      },
    };
    const timer = setTimeout(() => {
      queue.splice(queue.indexOf(waiting), 1);
      answerBusy(response, waitMs);
      // The bodies behind this one may fit now.
      admitWaiting();
    }, waitMs);
    // A client that gave up while waiting leaves the queue.
    response.once('close', () => {
      const at = queue.indexOf(waiting);
      if (at === -1) return;
      clearTimeout(timer);
      queue.splice(at, 1);
      admitWaiting();
    });
    queue.push(waiting);
  };
}

function answerBusy(response: ServerResponse, waitMs: number): void {
  if (response.headersSent || response.destroyed) return;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const problem = problemBody(
    'unavailable',
    `The mock is reading as many large bodies as its body budget allows (--body-budget-mib), and this one waited ${seconds} s for room; send it again after Retry-After seconds.`,
  );
  const body = JSON.stringify(problem);
  // Its body was never read: the connection ends with the answer.
  response.shouldKeepAlive = false;
  response
    .writeHead(problem.status, {
      'content-type': 'application/problem+json',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(seconds),
      connection: 'close',
    })
    .end(body);
}
