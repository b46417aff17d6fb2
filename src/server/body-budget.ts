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
 *
 * The budget goes only to requests that may use it: one without a known API
 * token (or, on the control API, without the control token) is handed to the
 * app at once, which refuses it before reading its body, so it neither waits
 * nor holds room. A body that holds room must keep arriving: one slower than
 * `minBytesPerSecond` (after a grace of a few seconds) is cut with 408, so a
 * trickle cannot keep the budget from everyone else.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { BEARER } from '../http/auth.js';
import { LARGE_BODY_CHARS } from '../http/large-bodies.js';
import { problemBody } from '../http/problem.js';
import type { MockState } from '../state/mock-state.js';
import type { OrganizationRegistry } from '../state/organizations/registry.js';
import { DEFAULT_BODY_BUDGET_BYTES } from './start-options.js';

export { DEFAULT_BODY_BUDGET_BYTES };

export interface BodyBudget {
  /** Most bytes of bodies in flight. */
  budgetBytes: number;
  /** How long a body may wait for room before it answers 503. */
  waitMs: number;
  /** The largest body the app takes for this request, or undefined where it reads none (`bodyLimitFor`). */
  limitFor(method: string, path: string): number | undefined;
  /** Whether the request's credentials let it use the budget (`budgetCredentials`); by default every request may. */
  mayUse?(request: IncomingMessage): boolean;
  /** The slowest a body holding room may arrive (default 128 KiB/s), after a grace of `graceMs` (default 5 s). */
  minBytesPerSecond?: number;
  graceMs?: number;
  /** Told of each request answered 503 for want of room (the journal records it). */
  onBusy?(request: IncomingMessage, waitedMs: number): void;
}

/** The slowest a body holding room in the budget may arrive, unless told otherwise: 1 MiB in 8 s, past the grace. */
export const DEFAULT_MIN_BYTES_PER_SECOND = 128 * 1024;

/**
 * Who may use the budget: an API request with a token of an organization, a control request with the control
 * token (any, when the mock runs without one). The app checks the same before it reads a body.
 */
export function budgetCredentials(organizations: OrganizationRegistry, controlToken: string | undefined) {
  return (request: IncomingMessage): boolean => {
    if ((request.url ?? '/').startsWith('/__mock'))
      return controlToken === undefined || request.headers['x-control-token'] === controlToken;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    return token !== undefined && organizations.byToken(token) !== undefined;
  };
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

export function budgetedBodies(listener: RequestListener, budget: BodyBudget): RequestListener {
  const { budgetBytes, waitMs, limitFor, mayUse = () => true, onBusy } = budget;
  const { minBytesPerSecond = DEFAULT_MIN_BYTES_PER_SECOND, graceMs = 5_000 } = budget;
  let inFlight = 0;
  const queue: Waiting[] = [];
  const fits = (weight: number) => inFlight === 0 || inFlight + weight <= budgetBytes;
  const admitWaiting = () => {
    while (queue.length > 0 && fits((queue[0] as Waiting).weight)) (queue.shift() as Waiting).admit();
  };
  const take = (weight: number, request: IncomingMessage, response: ServerResponse) => {
    inFlight += weight;
    // A body that has not arrived by the time its slowest allowed rate gives is cut (its connection with it).
    const deadline = setTimeout(() => cutSlow(request, response), graceMs + (weight / minBytesPerSecond) * 1000);
    // 'close' comes once the answer has gone, or the connection went first: either way the body is done with.
    response.once('close', () => {
      clearTimeout(deadline);
      inFlight -= weight;
      admitWaiting();
    });
  };

  return (request, response) => {
    const weight = weightOf(request, limitFor);
    if (weight === 0 || !mayUse(request)) {
      listener(request, response);
      return;
    }
    if (queue.length === 0 && fits(weight)) {
      take(weight, request, response);
      listener(request, response);
      return;
    }
    const waiting: Waiting = {
      weight,
      admit: () => {
        clearTimeout(timer);
        take(weight, request, response);
        listener(request, response);
      },
    };
    const timer = setTimeout(() => {
      queue.splice(queue.indexOf(waiting), 1);
      answerBusy(response, waitMs);
      onBusy?.(request, waitMs);
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

/** A 503 of the budget in the journal, as the app's recorder would write it (API requests only, like it). */
export function journalBusy(mockState: MockState, request: IncomingMessage, waitedMs: number): void {
  const url = request.url ?? '/';
  if (mockState.journal.limit === 0 || !url.startsWith('/api/v1/')) return;
  const queryAt = url.indexOf('?');
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  mockState.journal.record({
    timeMs: mockState.now().getTime(),
    method: request.method ?? 'GET',
    path: queryAt === -1 ? url : url.slice(0, queryAt),
    query: queryAt === -1 ? '' : url.slice(queryAt),
    orgId: (token === undefined ? undefined : mockState.organizations.byToken(token)?.id) ?? null,
    status: 503,
    durationMs: waitedMs,
    bodyText: undefined,
    bodyChecked: false,
  });
}

/** Ends a request whose body arrives too slowly: 408, in the problem shape, written on the socket, which then closes. */
function cutSlow(request: IncomingMessage, response: ServerResponse): void {
  if (request.complete || response.destroyed) return;
  const problem = problemBody(
    'request-timeout',
    'The body arrived too slowly: a large body must keep coming at a steady pace, else it holds room other bodies need; send it again.',
  );
  const body = JSON.stringify(problem);
  const { socket } = request;
  if (response.headersSent || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
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
