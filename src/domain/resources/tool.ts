/** Tool: something an assistant can do during a call (call a function, an API, transfer, hang up). */
import { z } from '@hono/zod-openapi';
import { capitalized, withArticle } from '../english.js';
import { boundedList, boundedMap, e164, httpUrl, id, neededHttpUrl, timestamps } from '../fields.js';
import { defineResource, type Problem } from '../resource.js';

export const toolTypes = ['function', 'apiRequest', 'transferCall', 'endCall'] as const;

const jsonSchemaProperty = z
  .looseObject({
    type: z.enum(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']),
    description: z.string().max(1000).optional(),
  })
  .openapi({ description: 'JSON Schema of one parameter.' });

const parameters = z
  .strictObject({
    type: z.literal('object'),
    properties: boundedMap(z.string().min(1).max(64), jsonSchemaProperty, 50, 'A tool takes at most 50 parameters').default({}),
    // As many as there can be parameters: each must name one.
    required: boundedList(z.string(), 50).default([]),
  })
  .openapi({ description: 'JSON Schema (an object schema) of the arguments the tool takes.' });

const destination = z.union(
  [
    e164,
    z
      .string()
      .max(2048)
      .regex(/^sips?:[^\s@]+@[^\s@]+$/, 'Use a sip: URI such as sip:desk@pbx.example.com'),
  ],
  {
    // zod's own word for a value no branch takes is "Invalid input": say what each branch wants instead.
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'A transferCall tool needs a destination (E.164 number or sip: URI).'
        : 'Use an E.164 number such as +14155550123 or a sip: URI such as sip:desk@pbx.example.com as the destination.',
  },
);

const writable = {
  type: z.enum(toolTypes).openapi({ description: 'Kind of tool; it decides which fields the tool needs. Cannot change after create.' }),
  name: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'Use 1 to 64 letters, digits, _ or -')
    .openapi({ description: 'Name the model calls the tool by; unique in the organization.', example: 'lookup_order' }),
  description: z.string().max(1000).openapi({ description: 'What the tool does, for the model.' }).default(''),
  parameters: parameters.default({ type: 'object', properties: {}, required: [] }),
  url: httpUrl.nullable().openapi({ description: 'Endpoint called by `function` and `apiRequest` tools.' }).default(null),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).openapi({ description: 'HTTP method for `url`.' }).default('POST'),
  headers: boundedMap(
    z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Header names are letters, digits and -'),
    z.string().max(1000),
    30,
    'At most 30 headers',
  )
    .openapi({ description: 'Headers sent to `url`.' })
    .default({}),
  timeoutSeconds: z.int().min(1).max(300).openapi({ description: 'How long to wait for `url`.' }).default(20),
  destination: destination.nullable().openapi({ description: 'Where a `transferCall` tool transfers to.' }).default(null),
};

/** A field a type does not take: null, or left out; a value gets a message naming the type and the field. */
const unused = (type: string, field: string, why: string) =>
  z
    .null({ error: `${capitalized(withArticle(type))} tool does not take ${field} (${why}): send null or leave it out.` })
    .openapi({ description: `Not used by this type: null, or leave it out (${why}).` })
    .default(null);

/** Which fields each type needs, and which it does not take: the rules a flat tool would leave to prose. */
const variants = {
  key: 'type' as const,
  of: {
    function: {
      description: 'A function the model calls: the platform sends the arguments to `url`.',
      fields: {
        url: neededHttpUrl('A function tool needs a url: where the platform sends the arguments.'),
        destination: unused('function', 'destination', 'only transferCall tools transfer'),
      },
    },
    apiRequest: {
      description: 'An HTTP request to `url` with `method` and `headers`.',
      fields: {
        url: neededHttpUrl('An apiRequest tool needs a url: the endpoint it calls.'),
        destination: unused('apiRequest', 'destination', 'only transferCall tools transfer'),
      },
    },
    transferCall: {
      description: 'Transfers the call to `destination`.',
      fields: {
        url: unused('transferCall', 'url', 'it calls no endpoint'),
        destination: destination.openapi({ description: 'Where the call is transferred to: an E.164 number or a sip: URI.' }),
      },
    },
    endCall: {
      description: 'Ends the call.',
      fields: {
        url: unused('endCall', 'url', 'it calls no endpoint'),
        destination: unused('endCall', 'destination', 'only transferCall tools transfer'),
      },
    },
  },
};

/** A name in parameters.required that parameters.properties does not define. */
const requiredNotAmongProperties = (name: string, index: number): Problem => ({
  path: ['parameters', 'required', index],
  message: `"${name}" is required but is not among parameters.properties.`,
});

export const tools = defineResource({
  kind: 'tools',
  path: 'tools',
  namedBySpec: true,
  names: { singular: 'tool', plural: 'tools', type: 'Tool', types: 'Tools' },
  writable,
  serverOwned: { id, ...timestamps },
  variants,
  unique: ['name'],
  beyondSchema: [
    {
      rule: 'Each name in `parameters.required` is a key of `parameters.properties`.',
      name: 'requiredParameterNotDefined',
      on: ['create', 'update'],
      example: requiredNotAmongProperties('orderId', 0),
    },
    {
      rule: "A patch sends only fields of the tool's own `type` (its variant); the type cannot change.",
      name: 'typeChanged',
      on: ['update'],
      example: { path: ['type'], message: 'The type of a tool cannot change (it is function); create a new tool instead.' },
    },
  ],
  // Which fields a type needs, and that it cannot change, are the variants' rules (in the schema).
  check: (tool) => {
    const problems: Problem[] = [];
    // Absent when the field failed its own rules (already reported): nothing to cross-check.
    if (tool.parameters === undefined) return problems;
    const { properties, required } = tool.parameters;
    required.forEach((name, index) => {
      if (!Object.hasOwn(properties, name)) problems.push(requiredNotAmongProperties(name, index));
    });
    return problems;
  },
  fake: (faker, _refs, index) => {
    const type = toolTypes[index % toolTypes.length] ?? 'function';
    const [verb, does] = faker.helpers.arrayElement([
      ['lookup', 'Looks up'],
      ['check', 'Checks'],
      ['book', 'Books'],
      ['cancel', 'Cancels'],
      ['update', 'Updates'],
    ] as const);
    const noun = faker.helpers.arrayElement(['order', 'appointment', 'account', 'delivery', 'invoice', 'table']);
    const common = {
      // The index keeps names unique (the API refuses a second tool of the same name) however many are seeded.
      name: `${verb}_${noun}_${faker.string.alphanumeric({ length: 4, casing: 'lower' })}${index}`,
      description: `${does} the caller's ${noun}.`,
      parameters: {
        type: 'object' as const,
        properties: { [`${noun}Id`]: { type: 'string' as const, description: `The ${noun} reference the caller gives.` } },
        required: [`${noun}Id`],
      },
    };
    // One object per variant, so the compiler checks each against what its type needs (the faker draws keep their order).
    if (type === 'function' || type === 'apiRequest') {
      return {
        ...common,
        type,
        url: `https://api.${faker.internet.domainName()}/v1/${noun}s`,
        method: type === 'apiRequest' ? faker.helpers.arrayElement(['GET', 'POST'] as const) : 'POST',
        headers: { 'X-Api-Key': faker.string.alphanumeric(24) },
        timeoutSeconds: faker.helpers.arrayElement([10, 20, 30]),
        destination: null,
      };
    }
    const timeoutSeconds = faker.helpers.arrayElement([10, 20, 30]);
    const unused = { url: null, method: 'POST' as const, headers: {}, timeoutSeconds };
    if (type === 'transferCall') return { ...common, ...unused, type, destination: faker.phone.number({ style: 'international' }) };
    return { ...common, ...unused, type, destination: null };
  },
  exampleUpdateKeys: ['description', 'timeoutSeconds'],
});

/** A tool as responses show it. */
export type Tool = z.infer<typeof tools.record>;
