/**
 * What each step sends, how the model follows the answer, and which rule the
 * answer is judged by. A step whose evidence is missing (no record found in a
 * 2xx answer, a list not read whole) judges nothing: never a pass by default.
 * A rule that rests on a refusal holds only on a 4xx other than 429: a 5xx is
 * the server failing, a 429 a request not yet answered, a 3xx a redirect the
 * kit did not follow, and none shows whether the request was refused or
 * carried out, so they judge nothing, the system trunk's delete included (as in verify).
 */
import { answer, canonical, isEmptyObject, isGone, tracesRecord } from '../matchers.js';
import { resourceFacts, unknownId } from '../resources.js';
import { settled } from '../target/settle.js';
import { judgeList, unlist } from './list-step.js';
import { type ModelRecord, pathOf, pick, resolvedKind, type Step } from './model.js';
import { RULES, type Rule } from './rules.js';
import { judge, request, type SequenceRun, type StepLog } from './sequence.js';
import { isRefusal, isSuccess, type Reply, recordPath } from './target-seam.js';
import { heldAfterUpdate, heldTo, madeRecord, reflects } from './written.js';

const factsOf = (kind: string) => resourceFacts.find((facts) => facts.name === kind);

/** Runs one step against the target and the model; throws RuleBroken when the answer breaks a rule. */
export async function runStep(run: SequenceRun, step: Step): Promise<void> {
  const { model, session } = run;
  const kind = resolvedKind(model, step);
  const path = pathOf(kind);
  const facts = factsOf(kind);
  const target = pick(model, step);
  const url = (record: ModelRecord | undefined) => (record === undefined ? `${path}/` : recordPath(path, record.id));
  if (step.op === 'create' || step.op === 'recreate' || step.op === 'update') unlist(model.records, kind, target?.owner ?? step.as);
  switch (step.op) {
    case 'create': {
      const example = session.createExample(path) ?? {};
      const sent = session.unique(example);
      const reply = await request(run, step, 'POST', path, sent);
      const writtenAt = performance.now();
      const id = await session.claim(run.ledger, path, reply, step.as, example, sent);
      if (id !== undefined) (run.log.at(-1) as StepLog).created = id;
      if (id !== undefined) model.records.push(madeRecord(session, reply, { kind, owner: step.as, id, created: sent, example }, writtenAt));
      return;
    }
    case 'recreate': {
      const old = target as ModelRecord;
      const reply = await request(run, step, 'POST', path, old.created);
      const writtenAt = performance.now();
      const detail = `${answer(reply)} to a create with the values of deleted ${old.id}`;
      if (!isSuccess(reply.status)) judge(run, false, RULES.recreate, detail);
      const id = await session.claim(run.ledger, path, reply, old.owner, old.example, old.created);
      // Accepted only when the answer shows a new record of the run's (a 2xx with an error body shows none): else not judged.
      if (id !== undefined) judge(run, true, RULES.recreate, detail);
      if (id !== undefined) (run.log.at(-1) as StepLog).created = id;
      old.replaced = true;
      // A record of its own: never replaced, listed or seen yet, whatever its predecessor was.
      const { kind: oldKind, owner, created, example } = old;
      if (id !== undefined) model.records.push(madeRecord(session, reply, { kind: oldKind, owner, id, created, example }, writtenAt));
      return;
    }
    case 'get':
      return judgeRead(run, step, target as ModelRecord);
    case 'update': {
      const record = target as ModelRecord;
      // A record no answer has shown yet is read first: what it shows otherwise than created is the target's own form,
      // known before an update's values are held (after it, a value shown otherwise is an update not carried out).
      if (record.ownForm === undefined && record.updates === 0) await judgeRead(run, step, record);
      const example = session.updateBody(path) ?? {};
      // The update example, then the created values of its keys, in turn: two updates in a row differ.
      const body =
        record.updates % 2 === 0
          ? example
          : Object.fromEntries(Object.keys(example).map((key) => [key, record.created[key] ?? example[key]]));
      const reply = await request(run, step, 'PATCH', url(record), body);
      if (!isSuccess(reply.status)) return;
      record.writtenAt = performance.now();
      record.updates += 1;
      Object.assign(record, heldAfterUpdate(session, reply, record, body));
      // Judged at once: a get reads back what the update wrote.
      return judgeRead(run, step, record);
    }
    case 'delete': {
      const record = target as ModelRecord;
      // The positive control of the absence judged after the delete: its owner's list, read while it is live, shows it.
      if (!record.listed) await judgeList(run, step, { kind, as: record.owner });
      const reply = await request(run, step, 'DELETE', url(record), session.deleteBody(path));
      if (!isSuccess(reply.status)) return;
      record.writtenAt = performance.now();
      record.deleted = true;
      if (facts?.deleteAnswersEmptyObject) judge(run, isEmptyObject(reply.body), RULES.deleteEmptyObject, answer(reply));
      // Judged at once: the record's get answers 404, and its owner's whole list no longer holds it.
      await judgeGone(run, step, record);
      return judgeList(run, step, { kind, as: record.owner });
    }
    case 'get-deleted':
      return judgeGone(run, step, target as ModelRecord);
    case 'delete-again': {
      const reply = await request(run, step, 'DELETE', url(target), session.deleteBody(path));
      const allowed = [404, 410, ...(facts?.deleteErrors ?? [])];
      judge(run, allowed.includes(reply.status), RULES.deleteAgain, `${answer(reply)} to a second delete`);
      return;
    }
    case 'list':
      return judgeList(run, step);
    default:
      return runOtherStep(run, step, target);
  }
}

/** A get of a live record answers it, with the values last written to it (a subset compare). */
async function judgeRead(run: SequenceRun, step: Step, record: ModelRecord): Promise<void> {
  const { session } = run;
  // A write may show a moment after its answer (an update answered 202, a read replica behind): read again until
  // --settle-ms after it before the rule breaks.
  const shows = (answered: Reply) => {
    // A 2xx in a shape the kit does not read would answer the same again: it ends the reading.
    if (isSuccess(answered.status) && session.record(answered.body) === undefined) return true;
    const shown = session.isRecord(answered, record.id) ? session.record(answered.body) : undefined;
    return shown !== undefined && reflects(shown, heldTo(record, shown));
  };
  const reply = await readUntil(run, step, record, shows);
  const found = session.isRecord(reply, record.id) ? session.record(reply.body) : undefined;
  // A 2xx whose record the kit cannot find (a wrapper it does not know, an array, text) is no evidence either way.
  if (found === undefined && isSuccess(reply.status)) return;
  if (found !== undefined && record.ownForm === undefined && record.updates === 0) {
    // The first sight of the record: what it shows otherwise than created is the target's own form from now on.
    const held = heldTo(record, found);
    record.ownForm = Object.keys(record.written).filter((key) => !(key in held));
    record.written = held;
  }
  // Nor is a record that shows none of the values written: nothing was compared.
  if (found !== undefined && !Object.keys(record.written).some((key) => key in found)) return;
  judge(run, found !== undefined && reflects(found, record.written), RULES.readBack, `${answer(reply)}; last written ${show(record)}`, {
    subject: record.id,
    written: record.written,
  });
}

/** A get of a record whose delete was accepted answers 404 or 410. */
async function judgeGone(run: SequenceRun, step: Step, record: ModelRecord): Promise<void> {
  // A delete may be carried out a moment after it was answered (202): read again until --settle-ms after its answer.
  const reply = await readUntil(run, step, record, (answered) => isGone(answered.status));
  judge(run, isGone(reply.status), RULES.deletedGet404, `${answer(reply)} for a record whose delete was accepted`, { subject: record.id });
}

/** The steps on records the sequence did not create: another organization's, an unknown id, the system trunk. */
async function runOtherStep(run: SequenceRun, step: Step, target: ModelRecord | undefined): Promise<void> {
  const { model, session } = run;
  const kind = resolvedKind(model, step);
  const path = pathOf(kind);
  const facts = factsOf(kind);
  const owner = `${target?.owner === 'token' ? 'org 1' : 'org 2'}'s ${target?.id}`;
  switch (step.op) {
    case 'other-get': {
      const reply = await request(run, step, 'GET', recordPath(path, String(target?.id)));
      // Served when the answer is the record; kept apart on a refusal or a 2xx that holds no trace of it (its values, or
      // in a 2xx its id). A trace in a shape the kit does not read, a 5xx, a 429 or a 3xx judges nothing.
      const record = target as ModelRecord;
      const traced = tracesRecord(reply.text, record.written, isSuccess(reply.status) ? record.id : undefined);
      if (session.isRecord(reply, record.id)) judge(run, false, RULES.otherRead, `${answer(reply)} reading ${owner}`);
      else if (!traced && (isRefusal(reply.status) || isSuccess(reply.status))) judge(run, true, RULES.otherRead, '');
      return;
    }
    case 'other-update': {
      const record = target as ModelRecord;
      const body = session.updateBody(path) ?? {};
      const reply = await request(run, step, 'PATCH', recordPath(path, record.id), body);
      if (isSuccess(reply.status)) return judge(run, false, RULES.otherChange, `${answer(reply)} updating ${owner}`);
      if (!isRefusal(reply.status)) return;
      // A refusal keeps the rule only once its owner's read shows the record as it was, in a key the update would change.
      const telling = (found: Record<string, unknown>) =>
        Object.keys(body).filter((key) => key in found && key in record.written && canonical(record.written[key]) !== canonical(body[key]));
      const appliedIn = (found: Record<string, unknown>) => telling(found).filter((key) => canonical(found[key]) === canonical(body[key]));
      const shown = (read: Reply) => (session.isRecord(read, record.id) ? session.record(read.body) : undefined);
      const read = await ownerRead(run, step, record, (answered) => {
        const found = shown(answered);
        return found !== undefined && appliedIn(found).length > 0;
      });
      const found = shown(read);
      if (found === undefined) return;
      const applied = appliedIn(found);
      const detail = `${answer(reply)} updating ${owner}, yet its owner's get then showed ${applied.join(', ')} as that update wrote them: ${answer(read)}`;
      if (applied.length > 0) judge(run, false, RULES.otherChange, detail);
      else if (telling(found).some((key) => canonical(found[key]) === canonical(record.written[key])))
        judge(run, true, RULES.otherChange, '');
      return;
    }
    case 'other-delete': {
      const record = target as ModelRecord;
      const reply = await request(run, step, 'DELETE', recordPath(path, record.id), session.deleteBody(path));
      if (isSuccess(reply.status)) return judge(run, false, RULES.otherDelete, `${answer(reply)} deleting ${owner}`);
      if (!isRefusal(reply.status)) return;
      // A refusal keeps the rule only once its owner's read shows the record still there.
      // A 404 ends no reading: a read replica behind the create answers it too.
      const read = await ownerRead(run, step, record);
      if (session.isRecord(read, record.id)) judge(run, true, RULES.otherDelete, '');
      else if (isGone(read.status))
        judge(run, false, RULES.otherDelete, `${answer(reply)} deleting ${owner}, yet its owner's get then answered ${answer(read)}`);
      return;
    }
    case 'unknown-get': {
      const reply = await request(run, step, 'GET', `${path}/${unknownId()}`);
      judge(run, isGone(reply.status), RULES.unknownGet, answer(reply));
      return;
    }
    case 'unknown-delete': {
      const reply = await request(run, step, 'DELETE', `${path}/${unknownId()}`, session.deleteBody(path));
      judge(run, [404, 410, ...(facts?.deleteErrors ?? [])].includes(reply.status), RULES.unknownDelete, answer(reply));
      return;
    }
    default:
      return runSystemStep(run, step);
  }
}

async function runSystemStep(run: SequenceRun, step: Step): Promise<void> {
  const id = run.model.systemTrunks[step.as] as string;
  const path = recordPath(pathOf('sip-trunks'), id);
  switch (step.op) {
    case 'system-get': {
      const reply = await request(run, step, 'GET', path);
      // Kept when its get answers it, gone on 404 or 410; anything else (a 5xx, a 2xx the kit cannot read) judges nothing.
      if (run.session.isRecord(reply, id)) judge(run, true, RULES.systemTrunkKept, '');
      else if (isGone(reply.status)) judge(run, false, RULES.systemTrunkKept, `${answer(reply)}: the system trunk ${id} is gone`);
      return;
    }
    case 'system-update': {
      // Its own name, as read just before: the only write explore makes to a record it did not create (--system-trunk-update).
      const read = await run.session.send({ method: 'GET', path, credentials: step.as });
      const name = run.session.record(read.body)?.name;
      await request(run, step, 'PATCH', path, typeof name === 'string' ? { name } : {});
      return;
    }
    case 'system-delete': {
      const reply = await request(run, step, 'DELETE', path, {});
      const detail = `${answer(reply)} to the delete of system trunk ${id}`;
      // As in verify: a 5xx or a 429 shows nothing either way, so it judges nothing.
      judgeRefused(run, reply, RULES.systemTrunkKept, detail);
      return;
    }
  }
}

/**
 * The owner's get of `record`, read again until `shows` holds or --settle-ms after `since` (its last write) is over. A
 * write that showed only on a later reading tells that the target carries writes out after answering them.
 */
async function readUntil(
  run: SequenceRun,
  step: Step,
  record: ModelRecord,
  shows: (answered: Reply) => boolean,
  since = record.writtenAt,
): Promise<Reply> {
  let readings = 0;
  const read = () => {
    readings += 1;
    return request(run, step, 'GET', recordPath(pathOf(record.kind), record.id), undefined, record.owner);
  };
  const reply = await settled(read, shows, run.session.target.settleMs, since);
  if (readings > 1 && shows(reply)) run.session.noteDeferredWrite();
  return reply;
}

/**
 * The owner's get of its record after another organization's refused write: read until it shows the record (a read
 * replica may be behind), or, where the target carries writes out later, until the settle time since the refusal is
 * over (the last reading is judged); at once when it shows the write carried out (`carriedOut`).
 */
function ownerRead(run: SequenceRun, step: Step, record: ModelRecord, carriedOut = (_answered: Reply) => false): Promise<Reply> {
  const { defersWrites } = run.session;
  const shows = (answered: Reply) => carriedOut(answered) || (!defersWrites && run.session.isRecord(answered, record.id));
  return readUntil(run, step, record, shows, defersWrites ? performance.now() : record.writtenAt);
}

/** A request that must be refused: a 2xx breaks `rule`, a 4xx (not 429) keeps it, anything else (3xx, 429, 5xx) judges nothing. */
function judgeRefused(run: SequenceRun, reply: Reply, rule: Rule, detail: string): void {
  if (isSuccess(reply.status)) judge(run, false, rule, detail);
  else if (isRefusal(reply.status)) judge(run, true, rule, '');
}

function show(record: ModelRecord): string {
  const text = JSON.stringify(record.written);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
