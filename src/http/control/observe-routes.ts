/** Control routes that look and steer: the telephony provider, the request journal, faults and the clock. */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../../domain/errors.js';
import { trunkConfigurationSchema } from '../../domain/telephony.js';
import { clockStateSchema } from '../../state/clock.js';
import { faultSchema } from '../../state/faults.js';
import type { JournalPage } from '../../state/journal/journal.js';
import { JOURNAL_PAGE_BYTES, JOURNAL_PAGE_LIMIT } from '../../state/journal/journal-entry.js';
import type { World } from '../../state/mock-state.js';
import type { AppEnv } from '../auth.js';
import { controlRoute, json, serveControl, valid } from './define.js';
import {
  clockBody,
  doneAnswer,
  faultBody,
  idParam,
  journalAnswer,
  journalQuery,
  orgFilterQuery,
  verifyAnswer,
  verifyBody,
} from './schemas.js';

// Made once: a schema built per request with .openapi() is registered and kept for good.
const trunkIdParam = idParam('SIP trunk');
const faultIdParam = idParam('Fault');

/**
 * A page of the journal as its answer, joined from the entries' own JSON:
 * the text is never built past the page's bound, and a body kept as JSON
 * is not parsed again to be serialized again.
 */
function pageAnswer(c: Context, page: JournalPage, count?: number): Response {
  const counted = count === undefined ? '' : `"count":${count},`;
  return c.body(`{${counted}"entries":[${page.entries.join(',')}],"older":${page.older}}`, 200, { 'content-type': 'application/json' });
}

export function registerObserveRoutes(app: OpenAPIHono<AppEnv>, world: World): void {
  const telephony = controlRoute({
    method: 'get',
    path: '/__mock/telephony',
    operationId: 'listTelephonyConfigurations',
    summary: 'What the fake telephony provider holds',
    request: { query: orgFilterQuery },
    answer: z.array(trunkConfigurationSchema),
  });
  serveControl(app, telephony, (c) => c.json(world.telephony.configurations(valid(c, 'query', orgFilterQuery).orgId), 200));

  const trunk = controlRoute({
    method: 'get',
    path: '/__mock/telephony/{id}',
    operationId: 'getTelephonyConfiguration',
    summary: 'What the provider holds for one trunk',
    request: { params: trunkIdParam },
    missing: 'The telephony provider holds no configuration for this trunk id.',
    answer: trunkConfigurationSchema,
  });
  serveControl(app, trunk, (c) => {
    const { id } = valid(c, 'param', trunkIdParam);
    const found = world.telephony.configuration(id);
    if (!found) throw new DomainError('not-found', `The telephony provider holds no configuration for SIP trunk ${id}.`);
    return c.json(found, 200);
  });

  // An empty answer from a journal that records nothing would pass a verification it cannot judge.
  const journalOff = 'The request journal is off (the mock runs with --journal-size 0, or journalLimit: 0).';
  const assertJournalOn = () => {
    if (world.journal.limit === 0) {
      throw new DomainError('conflict', `${journalOff} Start it with a journal to read or verify requests.`);
    }
  };

  const journal = controlRoute({
    method: 'get',
    path: '/__mock/journal',
    operationId: 'listJournal',
    summary: 'Requests the API received: a page of the newest, oldest first',
    request: { query: journalQuery },
    conflict: journalOff,
    answer: journalAnswer,
  });
  serveControl(app, journal, (c) => {
    assertJournalOn();
    const { limit, before, ...filter } = valid(c, 'query', journalQuery);
    return pageAnswer(c, world.journal.page(filter, { limit: limit ?? JOURNAL_PAGE_LIMIT, before, maxBytes: JOURNAL_PAGE_BYTES }));
  });

  const clearJournal = controlRoute({
    method: 'delete',
    path: '/__mock/journal',
    operationId: 'clearJournal',
    summary: 'Forget the recorded requests',
    answer: doneAnswer,
  });
  serveControl(app, clearJournal, (c) => {
    world.journal.clear();
    return c.json({}, 200);
  });

  const verify = controlRoute({
    method: 'post',
    path: '/__mock/journal/verify',
    operationId: 'verifyRequests',
    summary: 'Count the recorded requests that match',
    request: { body: json(verifyBody) },
    conflict: journalOff,
    answer: verifyAnswer,
  });
  serveControl(app, verify, (c) => {
    assertJournalOn();
    const filter = valid(c, 'json', verifyBody);
    const page = world.journal.page(filter, { limit: JOURNAL_PAGE_LIMIT, maxBytes: JOURNAL_PAGE_BYTES });
    return pageAnswer(c, page, world.journal.count(filter));
  });

  const listFaults = controlRoute({
    method: 'get',
    path: '/__mock/faults',
    operationId: 'listFaults',
    summary: 'Active faults',
    answer: z.array(faultSchema),
  });
  serveControl(app, listFaults, (c) => c.json(world.faults.list(), 200));

  const addFault = controlRoute({
    method: 'post',
    path: '/__mock/faults',
    operationId: 'addFault',
    summary: 'Inject a fault',
    request: { body: json(faultBody) },
    status: 201,
    answer: faultSchema,
  });
  serveControl(app, addFault, (c) => c.json(world.faults.add(valid(c, 'json', faultBody)), 201));

  const clearFaults = controlRoute({
    method: 'delete',
    path: '/__mock/faults',
    operationId: 'clearFaults',
    summary: 'Remove every fault',
    answer: doneAnswer,
  });
  serveControl(app, clearFaults, (c) => {
    world.faults.clear();
    return c.json({}, 200);
  });

  const removeFault = controlRoute({
    method: 'delete',
    path: '/__mock/faults/{id}',
    operationId: 'deleteFault',
    summary: 'Remove one fault',
    request: { params: faultIdParam },
    missing: 'No active fault with this id.',
    answer: doneAnswer,
  });
  serveControl(app, removeFault, (c) => {
    const { id } = valid(c, 'param', faultIdParam);
    if (!world.faults.remove(id)) throw new DomainError('not-found', `No fault with id ${id}; GET /__mock/faults lists them.`);
    return c.json({}, 200);
  });

  const getClock = controlRoute({
    method: 'get',
    path: '/__mock/clock',
    operationId: 'getClock',
    summary: 'The time the mock stamps on records',
    answer: clockStateSchema,
  });
  serveControl(app, getClock, (c) => c.json(world.clock.state(), 200));

  const setClock = controlRoute({
    method: 'post',
    path: '/__mock/clock',
    operationId: 'setClock',
    summary: 'Freeze, advance or resume the clock',
    request: { body: json(clockBody) },
    answer: clockStateSchema,
  });
  serveControl(app, setClock, (c) => {
    const { freezeAt, advanceMs, resume } = valid(c, 'json', clockBody);
    try {
      world.clock.change({ freezeAt: freezeAt === undefined || freezeAt === 'now' ? freezeAt : new Date(freezeAt), advanceMs, resume });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new DomainError('validation', `${error.message} Advance it less.`, [{ path: ['advanceMs'], message: 'Too far.' }]);
    }
    return c.json(world.clock.state(), 200);
  });
}
