/**
 * Every change to what the state file holds (records, organizations, the
 * telephony provider's configurations), as it happens, as one small value.
 * The feed listens on the mock state's own store, tenants and provider, so every
 * path that changes state (the API, the control API, provider states, a
 * reset, whatever comes later) is logged without having to remember to: a
 * change the log missed would be a change lost at the next kill.
 */
import { z } from '@hono/zod-openapi';
import { resourceKinds } from '../../domain/resources/index.js';
import { trunkConfigurationSchema } from '../../domain/telephony.js';
import type { MockState } from '../mock-state.js';

const orgId = z.string().min(1);
const kind = z.enum(resourceKinds);

/**
 * One change, in the order it happened; replaying them in order gives the
 * same state (src/state/persistence/replay.ts). Checked loosely when read back:
 * the replayed state then goes through every check a snapshot gets.
 */
export const changeSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('put'), orgId, kind, record: z.looseObject({ id: z.string().min(1) }) }),
  z.strictObject({ op: z.literal('remove'), orgId, kind, id: z.string() }),
  z.strictObject({ op: z.literal('clear'), orgId }),
  z.strictObject({ op: z.literal('tenant'), organization: z.looseObject({ id: orgId, name: z.string(), token: z.string() }) }),
  z.strictObject({ op: z.literal('untenant'), id: orgId }),
  z.strictObject({ op: z.literal('tenants-clear') }),
  z.strictObject({ op: z.literal('configure'), configuration: trunkConfigurationSchema }),
  z.strictObject({ op: z.literal('unconfigure'), trunkId: z.string() }),
  z.strictObject({ op: z.literal('telephony-clear'), orgId: orgId.optional() }),
]);
export type Change = z.infer<typeof changeSchema>;

/**
 * Calls `note` after each change the mock state makes, with the change already
 * serialized (JSON text): a record is frozen, but an organization or a
 * configuration object could be changed later, and the log must hold it as
 * it was. Returns a function that stops listening.
 */
export function watchChanges(mockState: MockState, note: (json: string) => void): () => void {
  const emit = (change: Change | { op: 'tenant'; organization: object }) => note(JSON.stringify(change));
  const { store, tenants, telephony } = mockState;
  const originals = {
    put: store.put,
    remove: store.remove,
    clear: store.clear,
    replace: tenants.replace,
    untenant: tenants.remove,
    tenantsClear: tenants.clear,
    provision: telephony.provision,
    deprovision: telephony.deprovision,
    telephonyClear: telephony.clear,
    restore: telephony.restore,
  };
  // Each wrapper calls the original first: a call that throws changed nothing and is not logged.
  store.put = (orgId, kind, record) => {
    originals.put.call(store, orgId, kind, record);
    emit({ op: 'put', orgId, kind, record });
  };
  store.remove = (orgId, kind, id) => {
    const removed = originals.remove.call(store, orgId, kind, id);
    if (removed) emit({ op: 'remove', orgId, kind, id });
    return removed;
  };
  store.clear = (orgId) => {
    originals.clear.call(store, orgId);
    emit({ op: 'clear', orgId });
  };
  // Tenants.add goes through replace, so this sees both.
  tenants.replace = (organization) => {
    originals.replace.call(tenants, organization);
    emit({ op: 'tenant', organization });
  };
  tenants.remove = (id) => {
    const removed = originals.untenant.call(tenants, id);
    if (removed) emit({ op: 'untenant', id });
    return removed;
  };
  tenants.clear = () => {
    originals.tenantsClear.call(tenants);
    emit({ op: 'tenants-clear' });
  };
  telephony.provision = (settings) => {
    const configuration = originals.provision.call(telephony, settings);
    emit({ op: 'configure', configuration });
    return configuration;
  };
  telephony.deprovision = (trunkId) => {
    const removed = originals.deprovision.call(telephony, trunkId);
    if (removed) emit({ op: 'unconfigure', trunkId });
    return removed;
  };
  telephony.clear = (orgId) => {
    originals.telephonyClear.call(telephony, orgId);
    emit(orgId === undefined ? { op: 'telephony-clear' } : { op: 'telephony-clear', orgId });
  };
  telephony.restore = (configurations) => {
    originals.restore.call(telephony, configurations);
    for (const configuration of configurations) emit({ op: 'configure', configuration });
  };
  return () => {
    Object.assign(store, { put: originals.put, remove: originals.remove, clear: originals.clear });
    Object.assign(tenants, { replace: originals.replace, remove: originals.untenant, clear: originals.tenantsClear });
    Object.assign(telephony, {
      provision: originals.provision,
      deprovision: originals.deprovision,
      clear: originals.telephonyClear,
      restore: originals.restore,
    });
  };
}
