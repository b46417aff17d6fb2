/**
 * What the frontend sends and reads, per resource. Only the fields the
 * frontend uses are expected; everything generated is matched by form.
 */

import { M, timestamps, uuid } from '../matchers.js';
import type { CrudTable } from './crud-cases.js';
import { exampleIds } from './example-ids.js';

export const sipTrunkTable: CrudTable = {
  collection: 'sip-trunks',
  one: 'a SIP trunk',
  plural: 'SIP trunks',
  exampleId: exampleIds.sipTrunk,
  record: {
    id: uuid(exampleIds.sipTrunk),
    name: M.string('Main carrier'),
    host: M.string('sip.carrier.example.com'),
    port: M.integer(5060),
    transport: M.regex('^(udp|tcp|tls)$', 'udp'),
    isSystem: M.boolean(false),
    ...timestamps,
  },
  create: {
    body: { name: 'Office PBX', host: 'pbx.example.com', phoneNumbers: ['+14155550123'] },
    echoed: { name: 'Office PBX', host: 'pbx.example.com' },
  },
  update: { body: { transport: 'tls', port: 5061 } },
  deleteSends: 'empty-object',
  client: (api) => api.sipTrunks,
};

// Exactly the fields the spec documents for the schema list.
export const schemaTable: CrudTable = {
  collection: 'schemas',
  one: 'a schema',
  plural: 'schemas',
  exampleId: exampleIds.schema,
  record: {
    id: uuid(exampleIds.schema),
    name: M.string('Call summary'),
    type: M.string('Free'),
    description: M.string('What the caller wanted and what was agreed.'),
    properties: M.eachValueMatches({ summary: 'string' }, M.string('string')),
    isLocked: M.boolean(false),
    ...timestamps,
  },
  create: {
    body: {
      name: 'Appointment request',
      description: 'Date and party size.',
      properties: { preferredDate: 'string', partySize: 'integer' },
    },
    echoed: { name: 'Appointment request', properties: { preferredDate: 'string', partySize: 'integer' } },
  },
  update: { body: { description: 'Date, time and party size.' } },
  deleteSends: 'empty-object',
  client: (api) => api.schemas,
};

export const toolTable: CrudTable = {
  collection: 'tools',
  one: 'a tool',
  plural: 'tools',
  exampleId: exampleIds.tool,
  record: {
    id: uuid(exampleIds.tool),
    type: M.regex('^(function|apiRequest|transferCall|endCall)$', 'function'),
    name: M.string('lookup_order'),
    description: M.string("Looks up the caller's order."),
    ...timestamps,
  },
  create: {
    body: { type: 'function', name: 'book_table', description: 'Books a table.', url: 'https://api.example.com/bookings' },
    echoed: { type: 'function', name: 'book_table' },
  },
  update: { body: { description: 'Books a table for the caller.' } },
  deleteSends: 'none',
  client: (api) => api.tools,
};

export const assistantTable: CrudTable = {
  collection: 'assistants',
  one: 'an assistant',
  plural: 'assistants',
  exampleId: exampleIds.assistant,
  record: {
    id: uuid(exampleIds.assistant),
    name: M.string('Front desk'),
    systemPrompt: M.string('You are the receptionist.'),
    ...timestamps,
  },
  create: {
    body: { name: 'Booking line', firstMessage: 'Hello, how can I help?', systemPrompt: 'Book tables.' },
    echoed: { name: 'Booking line', firstMessage: 'Hello, how can I help?' },
  },
  update: { body: { firstMessage: 'Thanks for calling, how can I help?' } },
  deleteSends: 'empty-object',
  client: (api) => api.assistants,
};

export const webhookTable: CrudTable = {
  collection: 'webhooks',
  one: 'a webhook',
  plural: 'webhooks',
  exampleId: exampleIds.webhook,
  record: {
    id: uuid(exampleIds.webhook),
    url: M.string('https://hooks.example.com/voice'),
    events: M.eachLike(M.regex('^call\\.[a-z]+$', 'call.ended')),
    enabled: M.boolean(true),
    ...timestamps,
  },
  create: {
    body: { url: 'https://hooks.example.com/calls', events: ['call.ended', 'call.analyzed'] },
    echoed: { url: 'https://hooks.example.com/calls', events: ['call.ended', 'call.analyzed'] },
  },
  update: { body: { enabled: false } },
  deleteSends: 'empty-object',
  client: (api) => api.webhooks,
};

/** Every resource, in the order the spec lists them. */
export const resourceTables = [sipTrunkTable, assistantTable, schemaTable, toolTable, webhookTable];
