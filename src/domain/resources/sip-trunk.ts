/** SIP trunk: a telephony connection, provisioned at the telephony provider. */
import { z } from '@hono/zod-openapi';
import { DomainError } from '../errors.js';
import { displayName, e164, id, timestamps, uniqueList } from '../fields.js';
import { withPatterns } from '../patterns.js';
import { defineResource, type EffectDeps, type StoredOf } from '../resource.js';
import type { TrunkSettings } from '../telephony.js';

const ipv4 = withPatterns(z.ipv4(), 'ipv4');

// A name made only of digits and dots is a mistyped address (999.1.1.1), not a hostname.
const host = z
  .union([ipv4, withPatterns(z.hostname().regex(/[^\d.]/))], { error: 'Use a hostname or an IPv4 address, without scheme or port' })
  .openapi({ description: 'Hostname or IPv4 address of the SIP server, without scheme or port.', example: 'sip.carrier.example.com' });

const writable = {
  name: displayName.openapi({ description: 'Display name.', example: 'Main carrier' }),
  host,
  port: z.int().min(1).max(65535).openapi({ description: 'SIP port.' }).default(5060),
  transport: z.enum(['udp', 'tcp', 'tls']).openapi({ description: 'SIP transport.' }).default('udp'),
  username: z.string().min(1).max(128).nullable().openapi({ description: 'Digest username, if the carrier wants one.' }).default(null),
  password: z
    .string()
    .min(1)
    .max(128)
    .nullable()
    .openapi({ description: 'Digest password. Write-only: responses show `hasPassword` instead.', writeOnly: true })
    .default(null),
  allowedIps: uniqueList(
    z.union([ipv4, withPatterns(z.cidrv4())], { error: 'Use an IPv4 address such as 203.0.113.5 or a CIDR range such as 203.0.113.0/24' }),
    100,
  )
    .openapi({ description: 'IPv4 addresses or CIDR ranges allowed to send calls.' })
    .default([]),
  phoneNumbers: uniqueList(e164, 100).openapi({ description: 'Numbers (E.164) routed through this trunk.' }).default([]),
  inboundEnabled: z.boolean().openapi({ description: 'Accept inbound calls.' }).default(true),
  outboundEnabled: z.boolean().openapi({ description: 'Allow outbound calls.' }).default(true),
};

const serverOwned = {
  id,
  isSystem: z.boolean().openapi({ description: 'A system trunk cannot be deleted. Read-only.', readOnly: true }),
  ...timestamps,
};

/** A SIP trunk as the store holds it (password included). */
export type SipTrunkRecord = StoredOf<typeof writable, typeof serverOwned>;

export const sipTrunks = defineResource({
  kind: 'sipTrunks',
  path: 'sip-trunks',
  namedBySpec: true,
  names: { singular: 'SIP trunk', plural: 'SIP trunks', type: 'SipTrunk', types: 'SipTrunks' },
  writable,
  serverOwned,
  responseOnly: { hasPassword: z.boolean().openapi({ description: 'Whether a password is set. Read-only.', readOnly: true }) },
  writeOnly: ['password'],
  initial: { isSystem: false },
  refuseDelete: {
    name: 'systemTrunk',
    when: 'The trunk is a system trunk (isSystem: true); system trunks cannot be deleted.',
    check: (trunk) => (trunk.isSystem === true ? `SIP trunk ${trunk.id} is a system trunk; system trunks cannot be deleted.` : undefined),
  },
  toResponse: ({ password, createdAt, updatedAt, ...shown }) => ({ ...shown, hasPassword: password !== null, createdAt, updatedAt }),
  effects: {
    // A create and an update both hand the provider the trunk's whole configuration.
    created: provision,
    updated: provision,
    deleted: (trunk, deps) => {
      // Only the organization's own configuration goes: never one another organization holds under the same id.
      if (deps.telephony.configuration(trunk.id)?.orgId === deps.orgId) deps.telephony.deprovision(trunk.id);
    },
  },
  fake: (faker) => ({
    name: `${faker.company.name()} ${faker.helpers.arrayElement(['carrier', 'PBX', 'SIP line', 'trunk'])}`.slice(0, 100),
    host: `sip.${faker.internet.domainName()}`,
    port: faker.helpers.arrayElement([5060, 5060, 5061, 5080]),
    transport: faker.helpers.arrayElement(['udp', 'tcp', 'tls'] as const),
    username: faker.internet.username().toLowerCase(),
    password: faker.internet.password({ length: 20 }),
    allowedIps: [faker.internet.ipv4(), `${faker.internet.ipv4().replace(/\.\d+$/, '.0')}/24`],
    phoneNumbers: faker.helpers.uniqueArray(() => faker.phone.number({ style: 'international' }), 2),
    inboundEnabled: true,
    outboundEnabled: faker.datatype.boolean({ probability: 0.8 }),
  }),
  exampleUpdateKeys: ['name', 'phoneNumbers'],
});

/**
 * The provider holds every organization's trunks by id, while the store keeps
 * ids apart per organization: a trunk with a fixed id (control API) must not
 * take over, rewrite or remove a configuration another organization holds.
 */
function assertNotHeldElsewhere(trunk: SipTrunkRecord, { orgId, telephony }: EffectDeps): void {
  const holder = telephony.configuration(trunk.id);
  if (holder && holder.orgId !== orgId) {
    throw new DomainError('conflict', `SIP trunk id ${trunk.id} is already in use; pick another id.`);
  }
}

function provision(trunk: SipTrunkRecord, deps: EffectDeps): void {
  assertNotHeldElsewhere(trunk, deps);
  deps.telephony.provision(trunkSettings(trunk, deps.orgId));
}

/** What the provider is told about a trunk. */
export function trunkSettings(trunk: SipTrunkRecord, orgId: string): TrunkSettings {
  return {
    trunkId: trunk.id,
    orgId,
    host: trunk.host,
    port: trunk.port,
    transport: trunk.transport,
    username: trunk.username,
    hasCredentials: trunk.password !== null,
    allowedIps: trunk.allowedIps,
    phoneNumbers: trunk.phoneNumbers,
    inboundEnabled: trunk.inboundEnabled,
    outboundEnabled: trunk.outboundEnabled,
  };
}

/** A SIP trunk as responses show it. */
export type SipTrunk = z.infer<typeof sipTrunks.record>;
