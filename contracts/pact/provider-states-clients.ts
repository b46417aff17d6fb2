/**
 * Two ways to set up provider states: through the mock's control API (a
 * fresh organization per interaction, records injected with the state's
 * ids), or through a provider's own state endpoint (Pact's stateChangeUrl).
 */
import type { ControlClient, Tenant } from '../../src/client/control-client.js';
import { stateRecords } from '../../src/http/control/provider-states.js';
import { CONSUMER } from './pact-names.js';
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

/**
 * States made by a provider's endpoint: `POST url` with
 * `{consumer, state, params, action: 'setup' | 'teardown'}`, answering a JSON
 * object of values (ids, and optionally a `token`) on setup.
 */
export function stateChangeUrlStates(url: string, headers: Record<string, string> = {}): ProviderStates {
  async function post(state: string, params: Record<string, unknown>, action: 'setup' | 'teardown') {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ consumer: CONSUMER, state, params, action }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Provider state "${state}" (${action}) failed: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }
  return {
    setup: (state, params) => post(state, params, 'setup'),
    teardown: async (state, params) => void (await post(state, params, 'teardown')),
  };
}
