/**
 * The direct lane writes the answers of a turn of the event loop together,
 * in that turn's check phase, once every one of them is worked out
 * (src/server/direct-lane.ts): written one by one, each write woke its
 * client again, which cost more CPU than the mock's own work. Each answer is
 * still worked out when it was before: a read in its request event, a write
 * once its body is in; its request log line is written then too. Node's
 * request and response are stood in for here, so that the moment of each
 * call can be seen.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import type { DirectAnswer, DirectRoute, DirectRoutes, PlainRequest } from '../src/http/direct-routes.js';
import type { RequestLogger } from '../src/http/request-logger.js';
import { withDirectLane } from '../src/server/direct-lane.js';

type Event = string;

function lane(events: Event[], commit?: Promise<void>) {
  const direct: DirectRoutes = {
    route: (request: PlainRequest) =>
      ({ operation: request.method === 'GET' ? 'get' : 'create', needsBody: request.method !== 'GET', path: request.url }) as DirectRoute,
    answer: (route, _request, body) => {
      events.push(`worked out ${route.path}${body ? ` with ${body.text}` : ''}`);
      const done: DirectAnswer = { status: 200, headers: {}, body: '{}', org: undefined, problemTitle: undefined };
      return commit && route.needsBody ? commit.then(() => done) : done;
    },
  };
  const app: RequestListener = (incoming) => {
    events.push(`app took ${incoming.url}`);
  };
  // The request log's line, when it is written (after the answer is worked out, before its turn's writes).
  const logger: RequestLogger = { enabled: () => true, line: (entry) => events.push(`logged ${entry.sentPath}`) };
  return withDirectLane(direct, app, logger);
}

function request(method: string, url: string, body?: string): IncomingMessage {
  let unread = body === undefined ? null : Buffer.from(body);
  return {
    method,
    url,
    headers: { host: '127.0.0.1' },
    rawHeaders: ['Host', '127.0.0.1'],
    complete: body !== undefined,
    destroyed: false,
    readableDidRead: false,
    readableEncoding: null,
    read() {
      const bytes = unread;
      unread = null;
      return bytes;
    },
  } as unknown as IncomingMessage;
}

/** `failFirst`: its first write throws, as a socket or a header Node refuses would. */
function response(url: string, events: Event[], failFirst = false): ServerResponse {
  let fail = failFirst;
  let status = 0;
  const outgoing = {
    headersSent: false,
    writeHead(code: number) {
      status = code;
      return outgoing;
    },
    end() {
      if (fail) {
        fail = false;
        throw new Error('the socket refused the write');
      }
      events.push(`wrote ${url}${status === 200 ? '' : ` ${status}`}`);
    },
  };
  return outgoing as unknown as ServerResponse;
}

const checkPhase = () => new Promise((resolve) => setImmediate(resolve));

describe('the direct lane writes a turn’s answers together', () => {
  it('works a read out in its request event and a write in the check phase, then writes every answer', async () => {
    const events: Event[] = [];
    const listener = lane(events);
    // Three requests read in one turn, as Node's parser hands them over.
    listener(request('POST', '/one', '{"n":1}'), response('/one', events));
    listener(request('GET', '/two'), response('/two', events));
    listener(request('POST', '/three', '{"n":3}'), response('/three', events));
    expect(events).toEqual(['worked out /two', 'logged /two']);
    await checkPhase();
    expect(events).toEqual([
      'worked out /two',
      'logged /two',
      'worked out /one with {"n":1}',
      'logged /one',
      'worked out /three with {"n":3}',
      'logged /three',
      'wrote /two',
      'wrote /one',
      'wrote /three',
    ]);
  });

  it('keeps a request for the app, in the turn of a taken body, in its place', async () => {
    const events: Event[] = [];
    const listener = lane(events);
    listener(request('POST', '/one', '{"n":1}'), response('/one', events));
    // A body that has not all arrived by the check phase goes to the app.
    const late = request('POST', '/late');
    listener(late, response('/late', events));
    listener(request('POST', '/three', '{"n":3}'), response('/three', events));
    await checkPhase();
    expect(events).toEqual([
      'worked out /one with {"n":1}',
      'logged /one',
      'app took /late',
      'worked out /three with {"n":3}',
      'logged /three',
      'wrote /one',
      'wrote /three',
    ]);
  });

  it('writes an answer that waits for its commit when the commit is done, not with its turn', async () => {
    const events: Event[] = [];
    let committed = () => {};
    const listener = lane(events, new Promise<void>((resolve) => (committed = resolve)));
    listener(request('POST', '/one', '{"n":1}'), response('/one', events));
    listener(request('GET', '/two'), response('/two', events));
    await checkPhase();
    expect(events).toEqual(['worked out /two', 'logged /two', 'worked out /one with {"n":1}', 'wrote /two']);
    committed();
    await checkPhase();
    expect(events.slice(4)).toEqual(['wrote /one', 'logged /one']);
  });

  it('answers a write that throws as a failure and still writes the turn’s other answers', async () => {
    const events: Event[] = [];
    const listener = lane(events);
    const failure = vi.spyOn(console, 'error').mockImplementation(() => {});
    let reported: unknown[][] = [];
    try {
      listener(request('GET', '/one'), response('/one', events, true));
      listener(request('GET', '/two'), response('/two', events));
      listener(request('POST', '/three', '{"n":3}'), response('/three', events));
      await checkPhase();
      reported = failure.mock.calls;
    } finally {
      failure.mockRestore();
    }
    expect(events).toEqual([
      'worked out /one',
      'logged /one',
      'worked out /two',
      'logged /two',
      'worked out /three with {"n":3}',
      'logged /three',
      'wrote /one 500',
      'wrote /two',
      'wrote /three',
    ]);
    expect(reported).toEqual([['voice-config-mock: unexpected failure', expect.any(Error)]]);
  });

  it('leaves no write behind for a later turn', async () => {
    const events: Event[] = [];
    const listener = lane(events);
    listener(request('GET', '/one'), response('/one', events));
    await checkPhase();
    listener(request('GET', '/two'), response('/two', events));
    await checkPhase();
    expect(events).toEqual(['worked out /one', 'logged /one', 'wrote /one', 'worked out /two', 'logged /two', 'wrote /two']);
  });
});
