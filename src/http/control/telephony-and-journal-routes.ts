/** Control routes that look: /__mock/telephony (what the telephony provider holds) and /__mock/journal (the request journal). */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../../domain/errors.js';
import { trunkConfigurationSchema } from '../../domain/telephony.js';
import type { JournalPage } from '../../state/journal/journal.js';
import { JOURNAL_PAGE_BYTES, JOURNAL_PAGE_LIMIT } from '../../state/journal/journal-entry.js';
import type { MockState } from '../../state/mock-state.js';
import { addRoute } from '../add-route.js';
import type { AppEnv } from '../app-env.js';
import { controlRoute } from './define.js';
import { doneAnswer, idParam, journalAnswer, journalQuery, orgFilterQuery, verifyAnswer, verifyBody } from './request-bodies.js';

// An empty answer from a journal that records nothing would pass a verification it cannot judge.
const journalOff = 'The request journal is off (the mock runs with --journal-size 0, or journalLimit: 0).';

const routes = {
  telephony: controlRoute({
    method: 'get',
    path: '/__mock/telephony',
    operationId: 'listTelephonyConfigurations',
    summary: 'What the fake telephony provider holds',
    request: { query: orgFilterQuery },
    answer: z.array(trunkConfigurationSchema),
  }),
  trunk: controlRoute({
    method: 'get',
    path: '/__mock/telephony/{id}',
    operationId: 'getTelephonyConfiguration',
    summary: 'What the provider holds for one trunk',
    request: { params: idParam('SIP trunk') },
    missing: 'The telephony provider holds no configuration for this trunk id.',
    answer: trunkConfigurationSchema,
  }),
  journal: controlRoute({
    method: 'get',
    path: '/__mock/journal',
    operationId: 'listJournal',
    summary: 'Requests the API received: a page of the newest, oldest first',
    request: { query: journalQuery },
    conflict: journalOff,
    answer: journalAnswer,
  }),
  clearJournal: controlRoute({
    method: 'delete',
    path: '/__mock/journal',
    operationId: 'clearJournal',
    summary: 'Forget the recorded requests',
    answer: doneAnswer,
  }),
  verify: controlRoute({
    method: 'post',
    path: '/__mock/journal/verify',
    operationId: 'verifyRequests',
    summary: 'Count the recorded requests that match',
    body: verifyBody,
    conflict: journalOff,
    answer: verifyAnswer,
  }),
};

/**
 * A page of the journal as its answer, joined from the entries' own JSON:
 * the text is never built past the page's bound, and a body kept as JSON
 * is not parsed again to be serialized again.
 */
function pageAnswer(c: Context, page: JournalPage, count?: number): Response {
  const counted = count === undefined ? '' : `"count":${count},`;
  return c.body(`{${counted}"entries":[${page.entries.join(',')}],"older":${page.older}}`, 200, { 'content-type': 'application/json' });
}

export function registerTelephonyAndJournalRoutes(app: OpenAPIHono<AppEnv>, mockState: MockState): void {
  addRoute(app, routes.telephony, (c) => c.json(mockState.telephony.configurations(c.req.valid('query').orgId), 200));
  addRoute(app, routes.trunk, (c) => {
    const id = c.req.param('id');
    const found = mockState.telephony.configuration(id);
    if (!found) throw new DomainError('not-found', `The telephony provider holds no configuration for SIP trunk ${id}.`);
    return c.json(found, 200);
  });

  const assertJournalOn = () => {
    if (mockState.journal.limit === 0)
      throw new DomainError('conflict', `${journalOff} Start it with a journal to read or verify requests.`);
  };
  const page = { limit: JOURNAL_PAGE_LIMIT, maxBytes: JOURNAL_PAGE_BYTES };
  addRoute(app, routes.journal, (c) => {
    assertJournalOn();
    const { limit, before, ...filter } = c.req.valid('query');
    return pageAnswer(c, mockState.journal.page(filter, { ...page, limit: limit ?? JOURNAL_PAGE_LIMIT, before }));
  });
  addRoute(app, routes.clearJournal, (c) => {
    mockState.journal.clear();
    return c.json({}, 200);
  });
  addRoute(app, routes.verify, (c) => {
    assertJournalOn();
    const filter = c.req.valid('json');
    return pageAnswer(c, mockState.journal.page(filter, page), mockState.journal.count(filter));
  });
}
