/**
 * Provider states set up through the mock's control API (a fresh
 * organization per interaction, records injected with the state's ids): the
 * other way to the mock's own state endpoint, which Pact's Verifier calls.
 */
import type { ControlClient, Tenant } from '../../src/client/control-client.js';
import { stateRecords } from '../../src/http/control/provider-states.js';
import type { ProviderStates } from './verify-pacts.js';

/** States made with the control API: each interaction gets its own empty organization, deleted afterwards. */
export function controlApiStates(control: ControlClient): ProviderStates {
  let org: Tenant | undefined;
  return {
    async setup(state, params) {
      const records = stateRecords[state];
      if (!records) throw new Error(`The mock has no provider state "${state}" (src/http/control/provider-states.ts).`);
      org ??= await control.createTenant({ name: 'Pact verification' });
      const orgId = org.id;
      const made = [];
      for (const { kind, record } of records(params)) made.push(await control.injectRecord({ orgId, kind, record }));
      return { ...params, ...(made[0] ? { id: made[0].id } : {}), token: org.token };
    },
    async teardown() {
      const done = org;
      org = undefined;
      if (done) await control.deleteTenant(done.id);
    },
  };
}
