/**
 * The random source of one simulated call: a faker seeded from the world's
 * seed, the organization and the call's number in it. The same seed gives
 * the same calls (ids, numbers, structured output) in every run, and calls
 * in one organization do not depend on what happens in another.
 */
import type { Faker } from '@faker-js/faker';
import { seededFaker } from '../domain/faker.js';

/** What a seeded faker is drawn for; separate streams, so one input (e.g. `from`) cannot shift the structured output. */
export type CallStream = 'call' | 'output';

const streams: Record<CallStream, number> = { call: 1, output: 2 };

/** A faker for one stream of one call. */
export function callFaker(seed: number, orgId: string, sequence: number, stream: CallStream): Faker {
  return seededFaker([seed, hashString(orgId), sequence, streams[stream]]);
}

/** FNV-1a, 32 bits: a stable number from an organization id (faker seeds are numbers). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
