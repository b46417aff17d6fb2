/** For the tests of list reading (paging.test.ts, list-wholeness.test.ts): records, answers and a target that serves them. */
import type { Reply, RequestSpec } from './target/http.js';

export const PATH = '/api/v1/tools';
export const records = Array.from({ length: 5 }, (_, index) => ({ id: `00000000-0000-4000-8000-00000000000${index}` }));

/** A JSON answer of `body` with `headers` (one given as undefined is not sent). */
export function reply(body: unknown, headers: Record<string, string | undefined> = {}, status = 200): Reply {
  const sent = Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { status, contentType: 'application/json', headers: new Headers(sent), body, text: JSON.stringify(body), json: true };
}

/** A sender over `answer(query)`, keeping the paths it was asked. */
export function server(answer: (query: URLSearchParams) => Reply) {
  const asked: string[] = [];
  const send = async (spec: RequestSpec) => {
    asked.push(spec.path);
    return answer(new URL(spec.path, 'http://x.test').searchParams);
  };
  return { asked, send };
}
