/** Every probe of the suite, in the order they run: reads first, then the writes. */

import { resourceFacts } from '../resources.js';
import { refusedTokenProbe, unknownTokenProbe } from './auth.js';
import { listProbe } from './lists.js';
import type { Probe } from './probe.js';
import { roundTripProbe } from './round-trip.js';
import { schemaListProbe } from './schema-list.js';
import { systemTrunkProbe } from './system-trunk.js';
import { tenancyProbe } from './tenancy.js';
import { tokenlessGetProbe } from './tokenless-get.js';
import { unknownIdProbe } from './unknown-ids.js';

const others = resourceFacts.filter((resource) => resource.name !== 'schemas');

/** The whole suite. */
export const allProbes: Probe[] = [
  schemaListProbe,
  ...others.map(listProbe),
  ...resourceFacts.map((resource) => refusedTokenProbe(resource, 'missing')),
  ...resourceFacts.map((resource) => refusedTokenProbe(resource, 'unknown')),
  unknownTokenProbe,
  ...resourceFacts.map(tokenlessGetProbe),
  ...resourceFacts.map(unknownIdProbe),
  ...resourceFacts.map(tenancyProbe),
  systemTrunkProbe,
  ...resourceFacts.map(roundTripProbe),
];
