/**
 * The random source of one simulated call: a faker seeded from the world's
 * seed, the organization and the call's number in it. The same seed gives
 * the same calls (ids, numbers, structured output) in every run, and calls
 * in one organization do not depend on what happens in another.
 */
import type { Faker } from '@faker-js/faker';
import { seededFaker } from '../../domain/faker.js';

/** What a seeded faker is drawn for; separate streams, so one input (e.g. `from`) cannot shift the structured output. */
export type CallStream = 'call' | 'output';

const streams: Record<CallStream, number> = { call: 1, output: 2 };

/**
 * A faker for one stream of one call. The organization id goes in whole, as
 * its UTF-16 code units after its length: a hash of it would let two
 * organizations share their calls' ids.
 */
export function callFaker(seed: number, orgId: string, sequence: number, stream: CallStream): Faker {
  const orgCodes = Array.from({ length: orgId.length }, (_, index) => orgId.charCodeAt(index));
  return seededFaker([seed, sequence, streams[stream], orgId.length, ...orgCodes]);
}
