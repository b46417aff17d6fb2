/**
 * Control routes of simulated calls and their webhook deliveries: trigger a
 * call, look at and clear the outbox, and run due retries. A clock change
 * through the control API also waits for the retries it makes due, so a test
 * can advance the clock and look at the outbox at once.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MockState } from '../../state/mock-state.js';
import { type Delivery, outboxOrgQuery, outboxQuery } from '../../state/webhooks/deliveries.js';
import { callBody, simulateCall, simulatedCallSchema } from '../../state/webhooks/simulate-call.js';
import { addRoute } from '../add-route.js';
import type { AppEnv } from '../app-env.js';
import { controlRoute } from './define.js';
import { deliveriesAnswer, removedAnswer } from './request-bodies.js';

const routes = {
  call: controlRoute({
    method: 'post',
    path: '/__mock/calls',
    operationId: 'simulateCall',
    summary: 'Simulate a call and deliver its events to the webhooks',
    body: callBody,
    status: 201,
    missing: 'No organization with this orgId, or no assistant with this assistantId in it.',
    answer: simulatedCallSchema,
    conflict: 'At the mock’s clock the call would start before the earliest time the mock writes (year 0000); move the clock later.',
  }),
  outbox: controlRoute({
    method: 'get',
    path: '/__mock/outbox',
    operationId: 'listOutbox',
    summary: 'Webhook deliveries with their attempts, oldest first',
    request: { query: outboxQuery },
    answer: deliveriesAnswer,
  }),
  clear: controlRoute({
    method: 'delete',
    path: '/__mock/outbox',
    operationId: 'clearOutbox',
    summary: 'Forget deliveries and cancel their retries',
    request: { query: outboxOrgQuery },
    answer: removedAnswer,
  }),
  flush: controlRoute({
    method: 'post',
    path: '/__mock/outbox/flush',
    operationId: 'flushOutbox',
    summary: 'Make every attempt due now, then answer',
    request: { query: outboxOrgQuery },
    answer: deliveriesAnswer,
  }),
};

export function registerCallsAndOutboxRoutes(app: OpenAPIHono<AppEnv>, mockState: MockState): void {
  // Registered before the clock route, so it wraps it.
  app.use('/__mock/clock', async function runDueAfterClockChange(c, next) {
    const before = mockState.now().getTime();
    await next();
    // Waits for what the change made due (a freeze makes nothing due); what was due before runs on without it.
    const madeDue = (delivery: Delivery) => Date.parse(delivery.nextAttemptAt ?? '') > before;
    if (c.req.method === 'POST' && c.res.ok) await mockState.outbox.runDue(madeDue);
  });

  addRoute(app, routes.call, async (c) => c.json(await simulateCall(mockState, c.req.valid('json')), 201));
  addRoute(app, routes.outbox, (c) => c.json({ deliveries: mockState.outbox.list(c.req.valid('query')) }, 200));
  addRoute(app, routes.clear, (c) => c.json({ removed: mockState.outbox.clear(c.req.valid('query')) }, 200));
  addRoute(app, routes.flush, async (c) => {
    const { orgId } = c.req.valid('query');
    await mockState.outbox.runDue(orgId === undefined ? undefined : (delivery) => delivery.orgId === orgId);
    return c.json({ deliveries: mockState.outbox.list({ orgId }) }, 200);
  });
}
