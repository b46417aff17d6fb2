/**
 * The steps as fast-check model-based commands: `fc.commands` draws sequences
 * of them and shrinks a failing one by dropping steps and lowering handles;
 * `fc.asyncModelRun` runs each against the target and the model together.
 */
import fc from 'fast-check';
import { applicable, describeStep, KINDS, type Model, OP_SUBJECT, OPS, type Op, type Step } from './model.js';
import type { SequenceRun } from './sequence.js';
import { runStep } from './steps.js';

export class StepCommand implements fc.AsyncCommand<Model, SequenceRun> {
  constructor(readonly step: Step) {}

  check(model: Readonly<Model>): boolean {
    return applicable(model, this.step);
  }

  async run(_model: Model, run: SequenceRun): Promise<void> {
    await runStep(run, this.step);
  }

  toString(): string {
    return describeStep(this.step);
  }
}

const opsNaming = (...subjects: string[]) => new Set<Op>(OPS.filter((op) => subjects.includes(OP_SUBJECT[op])));
/** The ops that name no record of the sequence (their handle means nothing, so it is kept at 0). */
const NAMES_KIND = opsNaming('unknown');
/** The ops on a record of the sequence: they speak for its owner (or the other organization), so `as` is not drawn. */
const ON_A_RECORD = opsNaming('record');
const WITHOUT_HANDLE = opsNaming('new', 'unknown', 'system');

/**
 * How often each op is drawn, against 1 for the rest: most steps need a record of the sequence, so creates come
 * often, and the writes that change what the others judge more often than the reads.
 */
const WEIGHTS: Partial<Record<Op, number>> = { create: 6, update: 3, delete: 3, list: 2 };

/**
 * One arbitrary per op, repeated by its weight (fc.commands draws among its arbitraries evenly). `focus` is the kind
 * a sequence mostly creates: a bug of one resource needs several steps on records of that resource.
 */
export function stepArbitraries(focus: string): fc.Arbitrary<StepCommand>[] {
  const created = fc.oneof({ arbitrary: fc.constant(focus), weight: 3 }, { arbitrary: fc.constantFrom(...KINDS), weight: 1 });
  return OPS.flatMap((op) => Array.from({ length: WEIGHTS[op] ?? 1 }, () => op)).map((op) => {
    // Creates and unknown ids name a kind; the steps on records, and lists, name a record by handle, whatever its kind.
    const kind = op.startsWith('system-')
      ? fc.constant('sip-trunks')
      : op === 'create'
        ? created
        : NAMES_KIND.has(op)
          ? fc.constantFrom(...KINDS)
          : fc.constant('*');
    const handle = WITHOUT_HANDLE.has(op) ? fc.constant(0) : fc.nat(3);
    return fc
      .record({
        kind,
        as: ON_A_RECORD.has(op) ? fc.constant('token' as const) : fc.constantFrom('token' as const, 'token2' as const),
        handle,
      })
      .map((drawn) => new StepCommand({ op, ...drawn }));
  });
}

/** The sequences of at most `maxSteps` steps, each with a kind in focus. */
export function sequences(maxSteps: number): fc.Arbitrary<Iterable<fc.AsyncCommand<Model, SequenceRun, boolean>>> {
  return fc.constantFrom(...KINDS).chain((focus) => fc.commands(stepArbitraries(focus), { maxCommands: maxSteps, size: 'max' }));
}
