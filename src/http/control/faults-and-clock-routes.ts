/** Control routes of /__mock/faults (injected faults) and /__mock/clock (the mock's clock). */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { DomainError } from '../../domain/errors.js';
import { clockStateSchema } from '../../state/clock.js';
import { faultSchema } from '../../state/faults.js';
import type { MockState } from '../../state/mock-state.js';
import { addRoute } from '../add-route.js';
import type { AppEnv } from '../app-env.js';
import { controlRoute } from './define.js';
import { clockBody, doneAnswer, faultBody, idParam } from './request-bodies.js';

const routes = {
  listFaults: controlRoute({
    method: 'get',
    path: '/__mock/faults',
    operationId: 'listFaults',
    summary: 'Active faults',
    answer: z.array(faultSchema),
  }),
  addFault: controlRoute({
    method: 'post',
    path: '/__mock/faults',
    operationId: 'addFault',
    summary: 'Inject a fault',
    body: faultBody,
    status: 201,
    answer: faultSchema,
  }),
  clearFaults: controlRoute({
    method: 'delete',
    path: '/__mock/faults',
    operationId: 'clearFaults',
    summary: 'Remove every fault',
    answer: doneAnswer,
  }),
  removeFault: controlRoute({
    method: 'delete',
    path: '/__mock/faults/{id}',
    operationId: 'deleteFault',
    summary: 'Remove one fault',
    request: { params: idParam('Fault') },
    missing: 'No active fault with this id.',
    answer: doneAnswer,
  }),
  getClock: controlRoute({
    method: 'get',
    path: '/__mock/clock',
    operationId: 'getClock',
    summary: 'The time the mock stamps on records',
    answer: clockStateSchema,
  }),
  setClock: controlRoute({
    method: 'post',
    path: '/__mock/clock',
    operationId: 'setClock',
    summary: 'Freeze, advance or resume the clock',
    body: clockBody,
    answer: clockStateSchema,
  }),
};

export function registerFaultsAndClockRoutes(app: OpenAPIHono<AppEnv>, mockState: MockState): void {
  addRoute(app, routes.listFaults, (c) => c.json(mockState.faults.list(), 200));
  addRoute(app, routes.addFault, (c) => c.json(mockState.faults.add(c.req.valid('json')), 201));
  addRoute(app, routes.clearFaults, (c) => {
    mockState.faults.clear();
    return c.json({}, 200);
  });
  addRoute(app, routes.removeFault, (c) => {
    const id = c.req.param('id');
    if (!mockState.faults.remove(id)) throw new DomainError('not-found', `No fault with id ${id}; GET /__mock/faults lists them.`);
    return c.json({}, 200);
  });

  addRoute(app, routes.getClock, (c) => c.json(mockState.clock.state(), 200));
  addRoute(app, routes.setClock, (c) => {
    const { freezeAt, advanceMs, resume } = c.req.valid('json');
    try {
      mockState.clock.change({ freezeAt: freezeAt === undefined || freezeAt === 'now' ? freezeAt : new Date(freezeAt), advanceMs, resume });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new DomainError('validation', `${error.message} Advance it less.`, [{ path: ['advanceMs'], message: 'Too far.' }]);
    }
    return c.json(mockState.clock.state(), 200);
  });
}
