// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the shell script and test written here use ${…} as shell and JavaScript text.
/**
 * `--repro DIR`: for each failure, a directory with `repro.sh` (curl, tokens
 * from TOKEN and TOKEN2, a trap that deletes what it created) and
 * `repro.test.ts` (a Vitest test against API_BASE_URL that fails while the
 * rule is broken). Both send the shortest sequence's requests, with the ids the
 * target answers and fresh run-unique names, and assert the broken rule on
 * the last answer. Lists are read on their first page only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resourceFacts } from '../resources.js';
import { shellWord, visible } from '../verdict/visible.js';
import type { ReportedFailure } from './report.js';
import { idOfSegment, UNADDRESSABLE_IDS } from './target-seam.js';

type Request = ReportedFailure['steps'][number];

/** The run mark of this run's unique names (`kit` and 8 hex digits), replaced by a fresh one in each repro run. */
const RUN_MARK = /kit([0-9a-f]{8})/;

/**
 * target/record-path.ts's rule, written into the repro files (they run where the kit is not installed): no path can
 * carry the id `s` when this holds, or when encodeURIComponent throws on it (a lone surrogate). SEGMENT_JS is
 * repro.sh's: it writes `s` as one path segment, or exits 1.
 */
const UNADDRESSABLE_JS = `${JSON.stringify(UNADDRESSABLE_IDS)}.includes(s)`;
const SEGMENT_JS = `if(${UNADDRESSABLE_JS})process.exit(1);try{process.stdout.write(encodeURIComponent(s))}catch{process.exit(1)}`;

/** The JavaScript expression (over status, text, json and ids) that holds when the rule is kept on the last answer. */
function keptWhen(failure: ReportedFailure, last: Request, idVar: (id: string) => string, mark?: string): string {
  const success = 'status >= 200 && status < 300';
  // Sent encoded as a segment (target/record-path.ts); the ids the kit knows are as the target gave them.
  const segment = last.path.split('/').at(-1) ?? '';
  const lastId = idOfSegment(segment) ?? segment;
  const facts = resourceFacts.find((resource) => last.path.startsWith(`${resource.path}/`));
  const refused = JSON.stringify([404, 410, ...(facts?.deleteErrors ?? [])]);
  const subject = failure.about.subject !== undefined ? idVar(failure.about.subject) : JSON.stringify('');
  switch (failure.check) {
    case 'explore.recreate.accepted':
      return success;
    case 'explore.deleted.get-404':
    case 'explore.unknown-id.get-404':
      return '[404, 410].includes(status)';
    case 'explore.deleted.delete-again-refused':
    case 'explore.unknown-id.delete-refused':
      return `${refused}.includes(status)`;
    case 'explore.tenancy.cannot-read':
      return `!(${success} && text.includes(${idVar(lastId)}))`;
    case 'explore.tenancy.cannot-change':
    case 'explore.tenancy.cannot-delete': {
      // Broken by a 2xx to the other organization's write, or (the last request its owner's get) by the write shown
      // carried out: the record gone, or holding the values that update sent.
      if (last.method !== 'GET') return `!(${success})`;
      if (failure.check === 'explore.tenancy.cannot-delete') return success;
      const sent = JSON.stringify(JSON.stringify(failure.steps.at(-2)?.body ?? {}));
      return `${success} && !readsBack(json, JSON.parse(${sent}${mark === undefined ? '' : `.replaceAll('kit${mark}', 'kit' + ids.RUN)`}))`;
    }
    case 'explore.delete.empty-object':
      return 'json !== null && typeof json === "object" && !Array.isArray(json) && Object.keys(json).length === 0';
    case 'explore.read-back':
      // The values written carry this run's mark; the repro's names carry its own.
      return `${success} && readsBack(json, JSON.parse(${JSON.stringify(JSON.stringify(failure.about.written ?? {}))}${mark === undefined ? '' : `.replaceAll('kit${mark}', 'kit' + ids.RUN)`}))`;
    case 'explore.list.every-own-record':
      return `text.includes(${subject})`;
    case 'explore.list.own-organization-only':
    case 'explore.sip-trunks.deleted-gone':
    case 'explore.deleted.not-listed':
      return `!text.includes(${subject})`;
    case 'explore.schemas.list.fields':
      return 'Array.isArray(json) && json.every(isSchema)';
    default:
      // The system trunk: its delete is refused, its get does not answer gone, its list holds it.
      if (last.method === 'DELETE') return `!(${success})`;
      return last.path.split('/').length > 4 ? '![404, 410].includes(status)' : `text.includes(${subject})`;
  }
}

/** Helpers the expressions use, in plain JavaScript (both files carry them). */
const HELPERS = `const canon = (v) => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
const recordOf = (b) => (b && typeof b === 'object' && typeof b.id === 'string' ? b : b && typeof b === 'object' ? Object.values(b).find((v) => v && typeof v === 'object' && typeof v.id === 'string') : undefined);
const readsBack = (b, written) => { const r = recordOf(b); return r !== undefined && Object.entries(written).every(([k, v]) => !(k in r) || canon(r[k]) === canon(v)); };
const isSchema = (s) => s && typeof s.id === 'string' && typeof s.name === 'string' && typeof s.type === 'string' && typeof s.description === 'string' && s.properties && typeof s.properties === 'object' && typeof s.isLocked === 'boolean' && typeof s.createdAt === 'string' && typeof s.updatedAt === 'string';`;

/** What a repro file may show of a target's text (an id it answered): masked as every output of the kit is. */
type Mask = (text: string) => string;
const unmasked: Mask = (text) => text;

/**
 * A path as the kit's fetch sent it (the URL's own percent-encoding of control characters, spaces, quotes and
 * non-ASCII), so that the repro sends the same bytes and its files hold no such character.
 */
function sentPath(path: string): string {
  const url = new URL(path, 'http://repro.invalid');
  return url.pathname + url.search;
}

interface Plan {
  /** Per request: the path and body with ids and run marks as placeholders. */
  requests: { request: Request; path: string; body?: string; createdVar?: string }[];
  ids: Map<string, string>;
  mark?: string;
}

function plan(failure: ReportedFailure, mask: Mask): Plan {
  const ids = new Map<string, string>();
  const mark = failure.steps.map((step) => RUN_MARK.exec(JSON.stringify(step.body ?? ''))?.[1]).find((found) => found !== undefined);
  const requests = failure.steps.map((request) => {
    // The kit sent each id as one encoded segment (target/record-path.ts): a whole segment that is a created id's
    // becomes its placeholder (an id that is also a part of a path, `v1`, leaves that part alone), and the repro
    // encodes the id it is given the same way.
    const path = mask(sentPath(request.path))
      .split('/')
      .map((segment) => {
        for (const [id, name] of ids) if (segment === mask(encodeURIComponent(id))) return `\${${name}}`;
        return segment;
      })
      .join('/');
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const entry: Plan['requests'][number] = { request, path, ...(body !== undefined ? { body } : {}) };
    if (request.created !== undefined) {
      const name = `id${ids.size + 1}`;
      ids.set(request.created, name);
      entry.createdVar = name;
    }
    return entry;
  });
  return { requests, ids, ...(mark !== undefined ? { mark } : {}) };
}

/**
 * A path as one shell word: its text quoted (an id a target answered may hold `$(…)`), its ids' placeholders as
 * the variables that hold them encoded as a path segment (`id1_segment`), as the kit sent them.
 */
const shellPath = (path: string) =>
  path
    .split(/(\$\{id\d+\})/)
    .map((part) => (/^\$\{id\d+\}$/.test(part) ? `"${part.replace('}', '_segment}')}"` : part === '' ? '' : shellWord(part)))
    .join('');

export function reproShell(failure: ReportedFailure, mask: Mask = unmasked): string {
  const { requests, ids, mark } = plan(failure, mask);
  const needsToken2 = requests.some(({ request }) => request.as === 'token2');
  const last = requests.at(-1)?.request as Request;
  const lines = [
    '#!/usr/bin/env bash',
    `# Reproduces ${failure.check} [${failure.source}]: ${failure.title}`,
    `# Basis: ${failure.basis}`,
    `# Usage: BASE_URL=https://api.example.com TOKEN=...${needsToken2 ? ' TOKEN2=...' : ''} bash repro.sh`,
    '# Exit 1 while the rule is broken, 0 once it holds. Every record it creates is deleted on exit.',
    'set -u',
    ': "${BASE_URL:?set BASE_URL to the API address, without /api/v1}"',
    ': "${TOKEN:?set TOKEN to a token of the first organization}"',
    ...(needsToken2 ? [': "${TOKEN2:?set TOKEN2 to a token of a second organization}"'] : []),
    'RUN=$(od -An -N4 -tx1 /dev/urandom | tr -d " \\n")',
    'created=()',
    'cleanup() {',
    '  local entry token',
    '  for entry in "${created[@]}"; do',
    '    token=${entry##*|}',
    '    curl -s -g -o /dev/null -X DELETE -H "Authorization: Bearer ${!token}" -H "Content-Type: application/json" -d "{}" "$BASE_URL${entry%|*}" || true',
    '  done',
    '}',
    'trap cleanup EXIT',
    'trap "exit 130" INT TERM',
    'send() { # method path token-variable [body]',
    '  local out',
    '  out=$(curl -s -g -w "\\n%{http_code}" -X "$1" -H "Authorization: Bearer ${!3}" -H "Accept: application/json" ${4:+-H "Content-Type: application/json" --data-binary "$4"} "$BASE_URL$2")',
    "  STATUS=${out##*$'\\n'}; BODY=${out%$'\\n'*}",
    '  echo "$1 $2 -> $STATUS"',
    '}',
    `idof() { printf '%s' "$BODY" | node -e ${shellWord(`let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{${HELPERS.split('\n')[1]}const r=recordOf(JSON.parse(s));process.stdout.write(r?String(r.id):'')})`)}; }`,
    // An id as one path segment, encoded as the kit sent it (an id holding `/`, `?` or `#` would name another
    // address); read from stdin, never as an argument node could take for an option. Fails for an id no path carries.
    `segment() { printf '%s' "$1" | node -e ${shellWord(`let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{${SEGMENT_JS}})`)}; }`,
  ];
  for (const { request, path, body, createdVar } of requests) {
    const bodyArg = body === undefined ? '' : ` "$body"`;
    if (body !== undefined) {
      lines.push(`body=${shellWord(body)}`);
      if (mark !== undefined) lines.push(`body=\${body//kit${mark}/kit$RUN}`);
    }
    lines.push(`send ${request.method} ${shellPath(path)} ${request.as === 'token' ? 'TOKEN' : 'TOKEN2'}${bodyArg}`);
    if (createdVar !== undefined) {
      lines.push(`${createdVar}=$(idof)`);
      lines.push(
        `${createdVar}_segment=$(segment "$${createdVar}") || { echo "cannot reproduce: the create answered no id a URL path can carry (${request.method} ${request.path.split('?')[0]})"; exit 2; }`,
      );
      lines.push(
        `[ -n "$${createdVar}" ] && created=("${request.path.split('?')[0]}/\${${createdVar}_segment}|${request.as === 'token' ? 'TOKEN' : 'TOKEN2'}" "\${created[@]}")`,
      );
    }
  }
  const expression = keptWhen(failure, last, (id) => (ids.has(id) ? `ids.${ids.get(id)}` : JSON.stringify(mask(id))), mark);
  // Each id in a variable of its own: spliced into JSON text, an id holding a quote broke it.
  const idsEnv = ['RUN="$RUN"', ...[...ids.values()].map((name) => `ID_${name}="$${name}"`)].join(' ');
  const idsFromEnv = `const ids={RUN:process.env.RUN${[...ids.values()].map((name) => `,${name}:process.env.ID_${name}`).join('')}};`;
  const check = `${HELPERS}\n${idsFromEnv}const status=Number(process.env.STATUS);const text=process.env.BODY;let json=null;try{json=JSON.parse(text)}catch{}\nprocess.exit((${expression}) ? 0 : 1);`;
  lines.push(
    `if STATUS="$STATUS" BODY="$BODY" ${idsEnv} node -e ${shellWord(check)}; then`,
    `  echo "not reproduced: ${failure.check} holds"; exit 0`,
    'fi',
    `echo "REPRODUCED: ${failure.check} is broken (${failure.title}): the last answer was $STATUS $BODY"`,
    'exit 1',
  );
  return `${lines.join('\n')}\n`;
}

export function reproTest(failure: ReportedFailure, mask: Mask = unmasked): string {
  const { requests, ids, mark } = plan(failure, mask);
  const last = requests.at(-1)?.request as Request;
  // A template literal of the path: its text escaped (an id a target answered may hold `${…}`), its ids' placeholders live.
  const template = (text: string) =>
    `\`${text
      .replaceAll('\\', '\\\\')
      .replaceAll('`', '\\`')
      .replaceAll('${', '\\${')
      .replace(/\\\$\{(id\d+)\}/g, '${segment(ids.$1)}')}\``;
  const body = (text: string) =>
    mark === undefined
      ? `JSON.parse(${JSON.stringify(text)})`
      : `JSON.parse(${JSON.stringify(text)}.replaceAll('kit${mark}', \`kit\${ids.RUN}\`))`;
  const steps = requests.map(({ request, path, body: sent, createdVar }) => {
    const call = `  answer = await call('${request.method}', ${template(path)}, '${request.as}'${sent !== undefined ? `, ${body(sent)}` : ''}); // ${request.command}`;
    if (createdVar === undefined) return call;
    return `${call}\n  ids.${createdVar} = String(recordOf(answer.json)?.id ?? '');\n  if (ids.${createdVar}) created.unshift([\`${request.path.split('?')[0]}/\${segment(ids.${createdVar})}\`, '${request.as}']);`;
  });
  const expression = keptWhen(failure, last, (id) => (ids.has(id) ? `ids.${ids.get(id)}` : JSON.stringify(mask(id))), mark);
  return `/**
 * Reproduces ${failure.check} [${failure.source}]: ${failure.title}.
 * Basis: ${failure.basis}
 * Run: API_BASE_URL=https://api.example.com TOKEN=... TOKEN2=... npx vitest run repro.test.ts
 * (API_BASE_URL, not BASE_URL: inside Vitest, BASE_URL is Vite's base path.)
 * Fails while the rule is broken; passes once it holds. What it creates is deleted afterwards.
 */
// @ts-nocheck: plain requests; runs as it is in any project with Vitest.
import { afterAll, expect, it } from 'vitest';

const BASE_URL = process.env.API_BASE_URL ?? '';
const TOKENS = { token: process.env.TOKEN ?? '', token2: process.env.TOKEN2 ?? '' };
const ids = { RUN: crypto.randomUUID().slice(0, 8) };
const created = [];
${HELPERS}

/** An id as one path segment, as the kit sent it; no path can carry some ids, and then nothing can be reproduced. */
function segment(s) {
  if (${UNADDRESSABLE_JS}) throw new Error('the create answered an id no URL path can carry (' + JSON.stringify(s) + '): cannot reproduce');
  return encodeURIComponent(s);
}

async function call(method, path, as, body) {
  const res = await fetch(BASE_URL.replace(/\\/$/, '') + path, {
    method,
    headers: { authorization: \`Bearer \${TOKENS[as]}\`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, text, json };
}

afterAll(async () => {
  for (const [path, as] of created) await call('DELETE', path, as, path.includes('/tools/') ? undefined : {}).catch(() => {});
});

it(${JSON.stringify(`${failure.title} (${failure.check})`)}, async () => {
  if (!BASE_URL || !TOKENS.token) throw new Error('set API_BASE_URL and TOKEN (and TOKEN2)');
  let answer;
${steps.join('\n')}
  const { status, text, json } = answer;
  expect(${expression}, \`${failure.check} is broken: the last answer was \${status} \${text}\`).toBe(true);
});
`;
}

/**
 * Writes one directory per failure under `dir`; resolves with their paths. The failures as the run saw them (the
 * bodies the kit sent, a webhook secret it made up included, or the target refuses the create), with what a target
 * answered in them (ids) passed through `mask`.
 */
export async function writeRepros(dir: string, failures: readonly ReportedFailure[], mask: Mask = unmasked): Promise<string[]> {
  const written: string[] = [];
  for (const [index, failure] of failures.entries()) {
    const folder = join(dir, `${String(index + 1).padStart(2, '0')}-${failure.check.replace(/^explore\./, '').replaceAll('.', '-')}`);
    await mkdir(folder, { recursive: true });
    // A target's control characters are written escaped here too, as in every output of the kit.
    await writeFile(join(folder, 'repro.sh'), visible(reproShell(failure, mask), true), { mode: 0o755 });
    await writeFile(join(folder, 'repro.test.ts'), visible(reproTest(failure, mask), true));
    written.push(folder);
  }
  return written;
}
