/**
 * The records each Pact provider state of the consumer contracts needs, and
 * the handlers that inject them into an organization: what a state's setup
 * makes and answers, wherever the interaction runs (provider-states.ts).
 */
import { z } from '@hono/zod-openapi';
import { withArticle } from '../../domain/english.js';
import { uniqueKey } from '../../domain/index-keys.js';
import type { Resource, ResourceKind, StoredRecord } from '../../domain/resource.js';
import { resourceByKind, resources } from '../../domain/resources/index.js';
import type { MockState } from '../../state/mock-state.js';
import { createTenant, injectRecord, removeTenant } from '../../state/organizations/operations.js';
import type { Organization } from '../../state/organizations/registry.js';
import { requestExamples } from '../../state/seed/examples.js';

export type StateParams = Readonly<Record<string, unknown>>;

/** A record a state needs: its kind and the fields of an injection (id and flags included). */
export interface StateRecord {
  kind: ResourceKind;
  record: Record<string, unknown>;
}

const idFrom = (params: StateParams): string =>
  typeof params.id === 'string' && z.uuid().safeParse(params.id).success ? params.id : globalThis.crypto.randomUUID();

/**
 * `a <resource> with id {id} exists` for every resource of the registry, made
 * from its documented create example: the states of a resource the contracts
 * below do not name (one a team added to the mock) for its own pacts.
 */
const examplesStates = Object.fromEntries(
  resources.map((def) => [
    `${withArticle(def.names.singular)} with id {id} exists`,
    (p: StateParams): StateRecord[] => [{ kind: def.kind, record: { ...requestExamples(def as Resource).create, id: idFrom(p) } }],
  ]),
);

/** For each state of the contracts, the records it needs (none: the state holds in an empty organization). */
export const stateRecords: Readonly<Record<string, (params: StateParams) => StateRecord[]>> = {
  ...examplesStates,
  '': () => [],
  'a SIP trunk with id {id} exists': (p) => [
    { kind: 'sipTrunks', record: { id: idFrom(p), name: 'Main carrier', host: 'sip.carrier.example.com', phoneNumbers: ['+14155550123'] } },
  ],
  'a system SIP trunk with id {id} exists': (p) => [
    { kind: 'sipTrunks', record: { id: idFrom(p), name: 'Platform trunk', host: 'sip.platform.example.com', isSystem: true } },
  ],
  'a schema with id {id} exists': (p) => [
    {
      kind: 'schemas',
      record: {
        id: idFrom(p),
        name: 'Call summary',
        description: 'What the caller wanted.',
        properties: { summary: 'string', resolved: 'boolean' },
      },
    },
  ],
  'a tool with id {id} exists': (p) => [
    { kind: 'tools', record: { id: idFrom(p), type: 'function', name: 'lookup_order', url: 'https://api.example.com/orders' } },
  ],
  'an assistant with id {id} exists': (p) => [
    { kind: 'assistants', record: { id: idFrom(p), name: 'Front desk', systemPrompt: 'You are the receptionist.' } },
  ],
  'a webhook with id {id} exists': (p) => [
    { kind: 'webhooks', record: { id: idFrom(p), url: 'https://hooks.example.com/voice', events: ['call.ended'] } },
  ],
  // The mock refuses the delete of an assistant it does not have (the only error the spec lists is 403).
  'the assistant with id {id} cannot be deleted': () => [],
  'no tool with id {id} exists': () => [],
  'no webhook with id {id} exists': () => [],
};

/**
 * The record with a suffix (`_2`, `_3`, …) on any unique value the
 * organization already holds: two states of one kind in one interaction
 * (two tools) would otherwise clash on their fixed name (409).
 */
function withFreeUniqueValues(
  mockState: MockState,
  orgId: string,
  kind: ResourceKind,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const free = { ...record };
  for (const field of resourceByKind[kind].unique ?? []) {
    const base = free[field];
    if (typeof base !== 'string') continue;
    for (let n = 2; mockState.store.lookup(orgId, uniqueKey(kind, field, free[field])).length > 0; n++) free[field] = `${base}_${n}`;
  }
  return free;
}

/** What a state's setup answers: the organization's token and the ids of what it made. */
export const stateValuesSchema = z
  .looseObject({
    token: z.string().openapi({ description: "The interaction's organization's token." }),
    orgId: z.string(),
  })
  .openapi('ProviderStateValues', {
    description:
      'A setup answers the organization of the interaction and every parameter as given, `id` being the id of the record made (a new UUID when the given one was not a UUID). A teardown answers `{}`.',
  });
export type StateValues = z.infer<typeof stateValuesSchema>;

/** A state handler: sets the state up in `org` (a new empty organization when not given). */
export type ProviderStateHandler = (mockState: MockState, params: StateParams, org?: Organization) => Promise<StateValues>;

/** The handlers by state name. */
export const providerStateHandlers: Readonly<Record<string, ProviderStateHandler>> = Object.fromEntries(
  Object.entries(stateRecords).map(([name, records]) => [
    name,
    async (mockState: MockState, params: StateParams, given?: Organization) => {
      const org = given ?? createTenant(mockState, { name: 'Pact provider state' });
      let made: StoredRecord[];
      try {
        made = records(params).map(({ kind, record }) =>
          injectRecord(mockState, org.id, kind, withFreeUniqueValues(mockState, org.id, kind, record)),
        );
      } catch (error) {
        // A tenant made for this state goes again when the state cannot be set up.
        if (!given) removeTenant(mockState, org.id);
        throw error;
      }
      const id = made[0]?.id ?? (typeof params.id === 'string' ? params.id : undefined);
      return { ...params, ...(id === undefined ? {} : { id }), token: org.token, orgId: org.id };
    },
  ]),
);
