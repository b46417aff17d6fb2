/**
 * The direct lane writes the answers of a turn of the event loop together,
 * in that turn's check phase, once every one of them is worked out
 * (src/server/direct-lane.ts): written one by one, each write woke its
 * client again, which cost more CPU than the mock's own work. Each answer is
 * still worked out when it was before: a read in its request event, a write
 * once its body is in. Node's request and response are stood in for here, so
 * that the moment of each call can be seen.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { DirectAnswer, DirectRoute, DirectRoutes, PlainRequest } from '../src/http/direct-routes.js';
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
  return withDirectLane(direct, app);
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

function response(url: string, events: Event[]): ServerResponse {
  return {
    headersSent: false,
    writeHead() {},
    end() {
      events.push(`wrote ${url}`);
    },
  } as unknown as ServerResponse;
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
    expect(events).toEqual(['worked out /two']);
    await checkPhase();
    expect(events).toEqual([
      'worked out /two',
      'worked out /one with {"n":1}',
      'worked out /three with {"n":3}',
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
      'app took /late',
      'worked out /three with {"n":3}',
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
    expect(events).toEqual(['worked out /two', 'worked out /one with {"n":1}', 'wrote /two']);
    committed();
    await checkPhase();
    expect(events.at(-1)).toBe('wrote /one');
  });

  it('leaves no write behind for a later turn', async () => {
    const events: Event[] = [];
    const listener = lane(events);
    listener(request('GET', '/one'), response('/one', events));
    await checkPhase();
    listener(request('GET', '/two'), response('/two', events));
    await checkPhase();
    expect(events).toEqual(['worked out /one', 'wrote /one', 'worked out /two', 'wrote /two']);
  });
});
