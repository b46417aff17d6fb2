/**
 * A resource the mock does not ship, written as docs/ARCHITECTURE.md's "Add a
 * resource" says a module is written: phone numbers, an E.164 `number` unique
 * in the organization, a `label`, and an optional SIP trunk of the same
 * organization. The spec does not name it (a mock-only resource).
 */
import { displayName, e164, id, optionalRef, timestamps } from '../../src/domain/fields.js';
import { defineResource, type ResourceKind } from '../../src/domain/resource.js';

export const phoneNumbers = defineResource({
  kind: 'phoneNumbers' as ResourceKind,
  path: 'phone-numbers',
  namedBySpec: false,
  names: { singular: 'phone number', plural: 'phone numbers', type: 'PhoneNumber', types: 'PhoneNumbers' },
  writable: {
    number: e164.openapi({ description: 'The number, in E.164; unique in the organization.' }),
    label: displayName.openapi({ description: 'What the number is for.', example: 'Front desk' }),
    sipTrunkId: optionalRef('the SIP trunk the number is routed through'),
  },
  serverOwned: { id, ...timestamps },
  references: [{ field: 'sipTrunkId', target: 'sipTrunks', many: false }],
  unique: ['number'],
  fake: (faker, refs, index) => ({
    // The index keeps numbers unique however many are made.
    number: `+1${faker.string.numeric({ length: 6, allowLeadingZeros: false })}${String(index).padStart(4, '0')}`,
    label: faker.helpers.arrayElement(['Front desk', 'Sales line', 'Support line', 'After hours']),
    sipTrunkId: refs.sipTrunks?.length ? faker.helpers.arrayElement([...refs.sipTrunks, null]) : null,
  }),
  exampleUpdateKeys: ['label'],
});
