/**
 * Where seeding takes its generated values from. `fakerSource` draws them
 * from a seeded faker, in the order seeding asks for them; `recordingSource`
 * writes down what it hands out; `replaySource` hands out what was written
 * down, in the same order. Seeding asks in the same order every time, so a
 * replay builds exactly the organization the draws built (the browser entry
 * replays the default scenario's seed instead of carrying faker).
 */

import { seededFaker } from '../../domain/faker.js';
import type { RefPool, Resource } from '../../domain/resource.js';

export interface SeedSource {
  orgId(): string;
  orgName(): string;
  /** A record's input, from the resource's fake factory. */
  input(def: Resource, refs: RefPool, index: number): Record<string, unknown>;
  newId(): string;
  /** Minutes from the previous seeded timestamp to the next. */
  minutesLater(): number;
}

/** What a source handed out, in order, per kind of value. */
export interface SeedScript {
  orgId: string;
  orgName?: string;
  inputs: Record<string, unknown>[];
  ids: string[];
  minutes: number[];
}

export function fakerSource(seed: number | number[]): SeedSource {
  const faker = seededFaker(seed);
  return {
    orgId: () => faker.string.uuid(),
    orgName: () => faker.company.name(),
    input: (def, refs, index) => def.fake(faker, refs, index),
    newId: () => faker.string.uuid(),
    minutesLater: () => faker.number.int({ min: 1, max: 90 }),
  };
}

/** Passes `source` through and keeps what it handed out in `script`. */
export function recordingSource(source: SeedSource): { source: SeedSource; script: SeedScript } {
  const script: SeedScript = { orgId: '', inputs: [], ids: [], minutes: [] };
  const keep = <T>(value: T, into: T[]): T => {
    into.push(value);
    return value;
  };
  return {
    script,
    source: {
      orgId: () => (script.orgId = source.orgId()),
      orgName: () => (script.orgName = source.orgName()),
      input: (def, refs, index) => keep(source.input(def, refs, index), script.inputs),
      newId: () => keep(source.newId(), script.ids),
      minutesLater: () => keep(source.minutesLater(), script.minutes),
    },
  };
}

export function replaySource(script: SeedScript): SeedSource {
  const next = <T>(values: readonly T[], position: { at: number }, what: string): T => {
    if (position.at >= values.length) throw new Error(`The written-down seed ran out of ${what}: it no longer matches the seeding code.`);
    return structuredClone(values[position.at++] as T);
  };
  const at = { inputs: { at: 0 }, ids: { at: 0 }, minutes: { at: 0 } };
  return {
    orgId: () => script.orgId,
    orgName: () => {
      if (script.orgName === undefined)
        throw new Error('The written-down seed has no organization name: it no longer matches the seeding code.');
      return script.orgName;
    },
    input: () => next(script.inputs, at.inputs, 'record inputs'),
    newId: () => next(script.ids, at.ids, 'ids'),
    minutesLater: () => next(script.minutes, at.minutes, 'timestamps'),
  };
}
