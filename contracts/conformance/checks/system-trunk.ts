/**
 * §3 rule 1: a system trunk cannot be deleted. The kit tries exactly one
 * delete, on a trunk it was given (--system-trunk-id) or found listed with
 * `isSystem: true`, and on nothing else. A refusal shows the rule only where
 * the same delete of an ordinary trunk is carried out: before it, the kit
 * creates an ordinary trunk and deletes it the same way (the control). A
 * target that refuses every delete so sent (a precondition it wants, a body
 * it does not take) leaves the rule not judged, not passed.
 */

import { answer, holdsId, idsReadable, isGone, isPlainObject, sameId } from '../matchers.js';
import { createRecord } from '../target/creating.js';
import { isRefusal, isSuccess, type Reply } from '../target/http.js';
import { isAddressable, recordPath } from '../target/record-path.js';
import type { Probe, ProbeRun } from './probe.js';
import { SPEC_RULES } from './spec-basis.js';

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
      expected: `DELETE ${PATH}/<system trunk id> with the example body {} answers a refusal (a 4xx other than 429; a 2xx accepts it; a 5xx or a 429 shows nothing either way and leaves it not judged), while the same delete of an ordinary trunk the kit creates is carried out (else a refusal other than 403 or 404 is not judged)`,
      basis: '§3 rule 1: when a SIP trunk has isSystem=true, a delete of it is refused (§2: a system trunk cannot be deleted)',
      rule: SPEC_RULES.systemDeleteRefused,
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
      title: 'the system trunk is still there after the refused delete',
      expected: `after a refused delete, GET ${PATH}/<system trunk id> still answers the trunk, or else GET ${PATH} still lists it (not judged after an accepted delete, nor where the refusal is not judged)`,
      basis: '§3 rule 1: the delete of a system trunk is refused, so the trunk remains',
      rule: SPEC_RULES.isSystemFlag,
    },
  ],
  async run(t) {
    const id = await findSystemTrunk(t);
    const control = await ordinaryDelete(t);
    const url = recordPath(PATH, id);
    const reply = await t.send({ method: 'DELETE', path: url, body: {} });
    // A 5xx or a 429 says nothing of the delete itself (refused or carried out): `send` ends the probe, not judged.
    t.verdict(STATUS, reply.status === 403 || reply.status === 404, answer(reply));
    // An accepted delete is the refusal check's failure; what a stateless or broken target answers after it proves nothing.
    if (isSuccess(reply.status)) {
      t.verdict(REFUSED, false, answer(reply));
      return t.skip(`the delete was accepted (${reply.status}), which ${REFUSED} fails; whether the trunk survives is not judged after it`);
    }
    const unproven = isRefusal(reply.status) ? refusalUnproven(reply, control) : undefined;
    if (unproven === undefined) t.verdict(REFUSED, isRefusal(reply.status), answer(reply));
    else t.skipCheck(REFUSED, unproven);
    // The trunk's own read says it is there; the list is asked only when that read tells neither way.
    const read = await t.send({ method: 'GET', path: url });
    const list = t.isRecord(read, id) ? undefined : await t.list(PATH);
    // Still there after a refusal the control does not show to be the rule's proves no more than the refusal did.
    if (list === undefined || (list.items !== undefined && holdsId(list.items, id)))
      return unproven === undefined ? t.verdict(SURVIVES, true, '') : t.skipCheck(SURVIVES, unproven);
    // Gone: its read says so, or the whole list no longer holds it. A list not read whole proves nothing.
    if (!isGone(read.status) && !(list.items !== undefined && list.whole && idsReadable(list.items))) {
      const why =
        list.items === undefined
          ? `GET ${PATH} did not answer a list`
          : (list.why ?? `GET ${PATH} holds items without an id the kit reads`);
      return t.skip(`GET ${url} does not show the trunk (give --record-pointer if it is wrapped), and ${why}`);
    }
    t.verdict(SURVIVES, false, `GET ${url} answers ${answer(read)}, and the list no longer holds it`);
  },
};

/**
 * Why a refusal of the system trunk's delete does not show the rule, or undefined when it does: the control's
 * delete was carried out, or (with no control) the refusal is one of the statuses the spec lists for this delete.
 */
function refusalUnproven(reply: Reply, control: Reply | string): string | undefined {
  if (typeof control === 'string')
    return reply.status === 403 || reply.status === 404
      ? undefined
      : `the delete answered ${reply.status}, which the spec does not list for it, and ${control}, so the refusal may have nothing to do with the trunk being a system trunk`;
  if (isSuccess(control.status)) return undefined;
  return `a delete of an ordinary trunk sent the same way answered ${answer(control)} too, so the refusal may have nothing to do with the trunk being a system trunk`;
}

/** The control: an ordinary trunk created from the create example and deleted as the system trunk will be; or why there is none. */
async function ordinaryDelete(t: ProbeRun): Promise<Reply | string> {
  const example = t.ctx.examples.create(PATH);
  if (example === undefined) return 'there is no create example to make an ordinary trunk to delete the same way';
  const made = await createRecord(t.ctx, (spec) => t.send(spec), PATH, example);
  if (made.id === undefined)
    return `no ordinary trunk could be created to delete the same way (POST ${PATH} answered ${made.reply.status})`;
  return t.send({ method: 'DELETE', path: recordPath(PATH, made.id), body: {} });
}

/**
 * The trunk given by --system-trunk-id, or else the first listed with isSystem: true. A given trunk is tried
 * only when its own GET (whatever the list's shape), or else the list, shows isSystem: true: one that leaves the
 * flag out, or shows it false, may be a real ordinary trunk, and a delete of it would be carried out.
 */
async function findSystemTrunk(t: ProbeRun): Promise<string> {
  const given = t.target.systemTrunkId;
  if (given !== undefined) {
    const url = recordPath(PATH, given);
    const read = await t.send({ method: 'GET', path: url });
    const flag = t.isRecord(read, given) ? t.record(read)?.isSystem : undefined;
    if (flag === false) return t.skip(`GET ${url} shows isSystem: false, so it is not tried`);
    if (flag === true) return given;
  }
  const list = await t.list(PATH);
  const { items } = list;
  if (items === undefined) {
    const why = given === undefined ? 'no system trunk can be found or watched' : `nothing shows ${given} with isSystem: true`;
    return t.skip(`GET ${PATH} did not answer a list (${list.first.status}), so ${why}`);
  }
  const trunks = items.filter(isPlainObject);
  if (given === undefined) {
    const found = trunks.find((trunk) => trunk.isSystem === true && isAddressable(trunk.id));
    if (!found) {
      const pages = list.whole ? '' : ` (on the pages read: ${list.why})`;
      return t.skip(`no trunk with isSystem: true in the list${pages}, and no --system-trunk-id given`);
    }
    return found.id as string;
  }
  const listed = trunks.find((trunk) => sameId(trunk.id, given));
  // Never risk a real trunk: one neither its read nor the list shows is not tried, nor one not shown as a system trunk.
  if (!listed) return t.skip(`the trunk ${given} given by --system-trunk-id is neither answered by its GET nor in the token's list`);
  if (listed.isSystem === false) return t.skip(`the trunk ${given} is listed with isSystem: false, so it is not tried`);
  if (listed.isSystem !== true)
    return t.skip(`neither GET ${recordPath(PATH, given)} nor the list shows isSystem: true for the trunk ${given}, so it is not tried`);
  return given;
}
