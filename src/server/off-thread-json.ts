/**
 * Large request bodies parsed on a worker thread (json-parse-worker.ts), so
 * that a client sending megabytes of keys does not hold up everyone else's
 * reads: the main thread gets back a create's parsed fields, or an update's
 * body with its unknown keys counted (LEFT_OUT_UNKNOWN_KEYS), and validation
 * judges either as it would the whole body.
 *
 * One worker, started at the first large body and unref'd (it keeps no
 * process alive); bodies are parsed in the order they came. Where the
 * worker's file is not there (the sources run by a test runner, where only
 * the compiled or bundled file has one beside it) or the worker fails, the
 * parser answers undefined and the body reader parses on the loop instead;
 * so it does for a body that leaving out keys does not make small.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ProblemList } from '../domain/problem-list.js';
import type { UntrustedJson } from '../domain/untrusted-json.js';
import { LEFT_OUT_UNKNOWN_KEYS, parsedElsewhere } from '../domain/validate.js';
import type { BodyResource, LargeBodyParser } from '../http/app-env.js';
import type { ParseAnswer, ParseRequest } from './json-parse-worker.js';

/** The worker's file beside this module's: `.js` compiled by tsc, `.cjs` in the CLI's bundle (src/cli/launch/build-cli.mjs). */
function workerFile(): string | undefined {
  const here = import.meta.url;
  if (!here.startsWith('file:')) return undefined;
  const file = fileURLToPath(new URL(here.endsWith('.cjs') ? './json-parse-worker.cjs' : './json-parse-worker.js', here));
  return existsSync(file) ? file : undefined;
}

/** The worker's answer as the body reader takes it (LargeBodyParser). */
function asParsed(answer: ParseAnswer | undefined, resource: BodyResource): UntrustedJson | undefined {
  if (answer === undefined || answer.ok === 'here') return undefined;
  if (answer.ok === false) return { ok: false, kind: answer.kind, message: answer.message };
  if (answer.ok === 'fields') {
    const { standIn, value, problems, more, stopped } = answer.fields;
    const found = ProblemList.of(problems);
    found.more = more;
    found.stopped = stopped;
    return { ok: true, value: parsedElsewhere(standIn, resource.createSchemaFor, { value, problems: found }) };
  }
  if (answer.leftOut > 0) Object.defineProperty(answer.value, LEFT_OUT_UNKNOWN_KEYS, { value: answer.leftOut });
  return { ok: true, value: answer.value };
}

export interface OffThreadJson {
  parse: LargeBodyParser;
  /** Stops the worker; bodies still waiting are parsed on the loop. */
  close(): Promise<void>;
}

export function offThreadJson(file = workerFile()): OffThreadJson {
  let worker: Worker | undefined;
  // A worker that failed once is not started again: every large body would pay for the attempt.
  let failed = file === undefined;
  let nextId = 0;
  const waiting = new Map<number, (answer: ParseAnswer | undefined) => void>();
  const giveUp = () => {
    worker = undefined;
    for (const resolve of waiting.values()) resolve(undefined);
    waiting.clear();
  };
  const started = (path: string): Worker => {
    const thread = new Worker(path);
    thread.unref();
    thread.on('message', (answer: ParseAnswer) => {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    });
    thread.on('error', () => {
      failed = true;
      giveUp();
    });
    thread.on('exit', () => {
      if (worker === thread) giveUp();
    });
    return thread;
  };
  return {
    async parse(text, maxDepth, resource, operation) {
      if (failed || file === undefined) return undefined;
      worker ??= started(file);
      const id = nextId++;
      const answered = new Promise<ParseAnswer | undefined>((resolve) => waiting.set(id, resolve));
      const request: ParseRequest = { id, text, maxDepth, kind: resource.kind, operation, readable: [...resource.bodyKeys] };
      worker.postMessage(request);
      return asParsed(await answered, resource);
    },
    async close() {
      const thread = worker;
      giveUp();
      await thread?.terminate();
    },
  };
}
