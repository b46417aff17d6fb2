/**
 * §3 rule 1: a system trunk cannot be deleted. The kit tries exactly one
 * delete, on a trunk it was given (--system-trunk-id) or found listed with
 * `isSystem: true`, and on nothing else.
 */
import { isRefusal } from '../http.js';
import { answer, holdsId, isPlainObject, sameId } from '../matchers.js';
import type { Probe, ProbeRun } from '../probe.js';

const PATH = '/api/v1/sip-trunks';
const REFUSED = 'sip-trunks.delete.system-refused';
const STATUS = 'sip-trunks.delete.system-status';
const SURVIVES = 'sip-trunks.delete.system-survives';

/** Deletes the system trunk once and checks that it was refused and is still there. */
export const systemTrunkProbe: Probe = {
  name: 'system trunk delete',
  readOnly: false,
  checks: [
    {
      id: REFUSED,
      source: 'spec',
      title: 'a delete of a system trunk is refused',
      expected: `DELETE ${PATH}/<system trunk id> with the example body {} answers a refusal (4xx; a 2xx accepts it, a 5xx is the server failing)`,
      basis: '§3 rule 1: when a SIP trunk has isSystem=true, a delete of it is refused (§2: a system trunk cannot be deleted)',
    },
    {
      id: STATUS,
      source: 'documented',
      title: 'the refusal is 403 or 404',
      expected: 'the refusal’s status is 403 or 404 (the spec does not say which; both pass)',
      basis: '§4 Delete SIP trunk lists 403 and 404; which one reports a system trunk is not shown',
    },
    {
      id: SURVIVES,
      source: 'spec',
      title: 'the system trunk is still listed after the refused delete',
      expected: `GET ${PATH} still lists the system trunk`,
      basis: '§3 rule 1: the delete of a system trunk is refused, so the trunk remains',
    },
  ],
  async run(t) {
    const id = await findSystemTrunk(t);
    const reply = await t.send({ method: 'DELETE', path: `${PATH}/${id}`, body: {} });
    t.verdict(REFUSED, isRefusal(reply.status), answer(reply));
    t.verdict(STATUS, reply.status === 403 || reply.status === 404, answer(reply));
    const after = await t.send({ method: 'GET', path: PATH });
    if (!Array.isArray(after.body)) return t.skip(`GET ${PATH} did not answer a list to look for the trunk in`);
    t.verdict(SURVIVES, holdsId(after.body, id), `the list no longer holds ${id}`);
  },
};

async function findSystemTrunk(t: ProbeRun): Promise<string> {
  const given = t.target.systemTrunkId;
  const reply = await t.send({ method: 'GET', path: PATH });
  if (!Array.isArray(reply.body))
    return t.skip(`GET ${PATH} did not answer a list (${reply.status}), so no system trunk can be found or watched`);
  const trunks = reply.body.filter(isPlainObject);
  if (given === undefined) {
    const found = trunks.find((trunk) => trunk.isSystem === true && typeof trunk.id === 'string');
    if (!found) return t.skip('no trunk with isSystem: true in the list, and no --system-trunk-id given');
    return found.id as string;
  }
  const listed = trunks.find((trunk) => sameId(trunk.id, given));
  // Never risk a real trunk: a trunk the list shows as ordinary is left alone.
  if (!listed) return t.skip(`the trunk ${given} given by --system-trunk-id is not in the token's list`);
  if (listed.isSystem === false) return t.skip(`the trunk ${given} is listed with isSystem: false, so it is not tried`);
  return given;
}
