/**
 * Pact provider states of the consumer contracts (contracts/pacts/), as the
 * mock sets them up: the reference for a real implementation's state
 * endpoint. Each interaction runs in the organization of the token its
 * requests send (`demo-token`, as pacts written the plain way do, unless the
 * state request names another in its Authorization header), emptied at the
 * interaction's first setup and given back what it held at its teardown. A
 * state injects the records it names, with the ids its parameters give, and
 * answers those ids and the organization's token (for `fromProviderState`).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import { DomainError } from '../../domain/errors.js';
import { ownEntry } from '../../domain/own-entry.js';
import type { MockState } from '../../state/mock-state.js';
import { createTenant, removeTenant } from '../../state/organizations/operations.js';
import type { Organization } from '../../state/organizations/registry.js';
import { exportState, importState, type State } from '../../state/snapshot/snapshot.js';
import { addRoute } from '../add-route.js';
import type { AppEnv } from '../app-env.js';
import { controlRoute } from './define.js';
import { providerStateHandlers, stateRecords, stateValuesSchema } from './provider-state-records.js';
import { doneAnswer } from './request-bodies.js';

export { stateRecords };

const stateRequest = z
  .object({
    consumer: z.string().optional().openapi({ description: 'The consumer whose pact is verified.' }),
    state: z.string().openapi({
      description: 'The state, as the pact names it; "" for an interaction without one.',
      example: 'a tool with id {id} exists',
    }),
    params: z.record(z.string(), z.unknown()).optional().openapi({ description: 'The state parameters from the pact.' }),
    action: z.enum(['setup', 'teardown']).default('setup').openapi({
      description:
        "Setup puts the state's records into the interaction's organization: the one of the request's bearer token (default `demo-token`), emptied at the interaction's first setup. Teardown gives that organization back what it held.",
    }),
  })
  .openapi('ProviderStateRequest');

/** The token pacts send when written the plain way, and the seeded demo organization's: where states go by default. */
export const DEFAULT_STATE_TOKEN = 'demo-token';

/** The interaction being verified: its organization, and what that held before (none: a tenant made for it). */
interface Interaction {
  org: Organization;
  saved?: State;
}

// Per mock state: one verification at a time.
const current = new WeakMap<MockState, Interaction>();

/**
 * The interaction's organization: the one `token` names, emptied (what it
 * held is kept, to give back at teardown); a new tenant when no organization
 * has that token, whose token only a pact that takes it from the state uses.
 */
function beginInteraction(mockState: MockState, token: string): Interaction {
  const org = mockState.organizations.byToken(token);
  if (!org) return { org: createTenant(mockState, { name: 'Pact provider state' }) };
  const saved = exportState(mockState, org.id);
  mockState.store.clear(org.id);
  mockState.telephony.clear(org.id);
  return { org, saved };
}

/** Gives the organization back what it held (or removes the tenant made for the interaction); nothing when a reset took it. */
function endInteraction(mockState: MockState, { org, saved }: Interaction): void {
  if (mockState.organizations.byId(org.id) !== org) return;
  if (!saved) {
    removeTenant(mockState, org.id);
    return;
  }
  importState(mockState, saved, org.id);
  // The very organization object again, as a request under way or the outbox may hold it.
  mockState.organizations.replace(org);
}

/**
 * Sets a state up (in the current interaction's organization, begun by its
 * first state) or tears the interaction down. `token`: the bearer token the
 * state request names, if any.
 */
export async function changeProviderState(
  mockState: MockState,
  request: z.input<typeof stateRequest>,
  token = DEFAULT_STATE_TOKEN,
): Promise<Record<string, unknown>> {
  const { state, params = {}, action = 'setup' } = request;
  if (action === 'teardown') {
    const interaction = current.get(mockState);
    current.delete(mockState);
    if (interaction) endInteraction(mockState, interaction);
    return {};
  }
  const handler = ownEntry(providerStateHandlers, state);
  if (!handler) {
    const known = Object.keys(stateRecords).filter(Boolean).join('; ');
    throw new DomainError('validation', `No provider state "${state}"; known states: ${known}.`);
  }
  // Several states of one interaction share its organization; one a reset removed or replaced since is begun again.
  const existing = current.get(mockState);
  const interaction =
    existing && mockState.organizations.byId(existing.org.id) === existing.org ? existing : beginInteraction(mockState, token);
  current.set(mockState, interaction);
  try {
    return await handler(mockState, params, interaction.org);
  } catch (error) {
    // A state that cannot be set up leaves nothing behind: the interaction ends here.
    if (interaction !== existing) {
      current.delete(mockState);
      endInteraction(mockState, interaction);
    }
    throw error;
  }
}

/** Adds `POST /__mock/provider-states` ({consumer, state, params, action} → the state's values). */
export function registerProviderStateRoute(app: OpenAPIHono<AppEnv>, mockState: MockState): void {
  const route = controlRoute({
    method: 'post',
    path: '/__mock/provider-states',
    operationId: 'changeProviderState',
    summary: 'Set up or tear down a Pact provider state (Pact stateChangeUrl)',
    body: stateRequest,
    conflict: 'The interaction’s organization already has a record of this kind with this id (a state set up twice with one id).',
    provisions: 'a SIP trunk the state sets up',
    answer: z.union([stateValuesSchema, doneAnswer]),
  });
  addRoute(app, route, async (c) => {
    const named = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    return c.json(await changeProviderState(mockState, c.req.valid('json'), named), 200);
  });
}
