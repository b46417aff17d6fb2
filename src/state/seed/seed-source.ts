/**
 * Where seeding takes its generated values from. `fakerSource` draws them
 * from seeded fakers, in the order seeding asks for them; `recordingSource`
 * writes down what it hands out; `replaySource` hands out what was written
 * down, in the same order. Seeding asks in the same order every time, so a
 * replay builds exactly the organization the draws built (the browser entry
 * replays the default scenario's seed instead of carrying faker).
 *
 * Streams: the organization's id and name come from a faker seeded with the
 * organization's seed; each kind's records (inputs, ids, minutes between
 * timestamps) from a faker of its own, seeded with the organization's seed
 * and the kind's name. Adding, removing or reordering kinds therefore leaves
 * every other kind's records, ids and timestamps as they were.
 */

import { seededFaker } from '../../domain/faker.js';
import type { RefPool, Resource } from '../../domain/resource.js';

export interface SeedSource {
  orgId(): string;
  orgName(): string;
  /** The values of one kind's records, from that kind's own stream. */
  kind(kind: string): KindSource;
}

/** What seeding draws for the records of one kind. */
export interface KindSource {
  /** A record's input, from the resource's fake factory. */
  input(def: Resource, refs: RefPool, index: number): Record<string, unknown>;
  newId(): string;
  /** Minutes from the kind's previous seeded timestamp to its next. */
  minutesLater(): number;
}

/** What a source handed out, in order, per kind of value (the kinds' draws one after another, in the order seeding asked). */
export interface SeedScript {
  orgId: string;
  orgName?: string;
  inputs: Record<string, unknown>[];
  ids: string[];
  minutes: number[];
}

/** The number a kind's stream adds to the organization's seed: FNV-1a of its name, so it depends on the name alone. */
export function kindStream(kind: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < kind.length; i++) hash = Math.imul(hash ^ kind.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function fakerSource(seed: number | number[]): SeedSource {
  const faker = seededFaker(seed);
  const base = Array.isArray(seed) ? seed : [seed];
  const kinds = new Map<string, KindSource>();
  const kindSource = (kind: string): KindSource => {
    const own = seededFaker([...base, kindStream(kind)]);
    return {
      input: (def, refs, index) => def.fake(own, refs, index),
      newId: () => own.string.uuid(),
      minutesLater: () => own.number.int({ min: 1, max: 90 }),
    };
  };
  return {
    orgId: () => faker.string.uuid(),
    orgName: () => faker.company.name(),
    kind: (kind) => {
      const known = kinds.get(kind);
      if (known) return known;
      const source = kindSource(kind);
      kinds.set(kind, source);
      return source;
    },
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
      kind: (kind) => {
        const drawn = source.kind(kind);
        return {
          input: (def, refs, index) => keep(drawn.input(def, refs, index), script.inputs),
          newId: () => keep(drawn.newId(), script.ids),
          minutesLater: () => keep(drawn.minutesLater(), script.minutes),
        };
      },
    },
  };
}

export function replaySource(script: SeedScript): SeedSource {
  const next = <T>(values: readonly T[], position: { at: number }, what: string): T => {
    if (position.at >= values.length) throw new Error(`The written-down seed ran out of ${what}: it no longer matches the seeding code.`);
    return structuredClone(values[position.at++] as T);
  };
  const at = { inputs: { at: 0 }, ids: { at: 0 }, minutes: { at: 0 } };
  const written: KindSource = {
    input: () => next(script.inputs, at.inputs, 'record inputs'),
    newId: () => next(script.ids, at.ids, 'ids'),
    minutesLater: () => next(script.minutes, at.minutes, 'timestamps'),
  };
  return {
    orgId: () => script.orgId,
    orgName: () => {
      if (script.orgName === undefined)
        throw new Error('The written-down seed has no organization name: it no longer matches the seeding code.');
      return script.orgName;
    },
    kind: () => written,
  };
}
