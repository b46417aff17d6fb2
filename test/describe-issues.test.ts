/** describeIssues: a value no form of a union takes is told what the forms want, never zod's bare "Invalid input". */
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { describeIssues } from '../src/domain/validate.js';

const messagesOf = (schema: z.ZodType, body: Record<string, unknown>) => {
  const result = schema.safeParse(body);
  if (result.success) throw new Error('expected the body to be refused');
  return describeIssues(result.error.issues, body).problems;
};

describe('describeIssues of a union', () => {
  it('names the types the forms take when the value has none of them', () => {
    const schema = z.object({ value: z.union([z.string(), z.number(), z.null()]) });
    expect(messagesOf(schema, { value: {} })).toEqual([{ path: ['value'], message: 'Expected string, number or null.' }]);
  });

  it("gives each form's own complaint when the value has the right type but fits no form", () => {
    const schema = z.object({ value: z.union([z.string().regex(/^a/, 'Start with a'), z.string().regex(/z$/, 'End with z')]) });
    expect(messagesOf(schema, { value: 'mid' })).toEqual([
      { path: ['value'], message: 'Takes none of its forms: Start with a; or End with z.' },
    ]);
  });

  it('keeps the message a union declares for itself', () => {
    const schema = z.object({ value: z.union([z.string(), z.number()], { error: 'Send a name or a count.' }) });
    expect(messagesOf(schema, { value: [] })).toEqual([{ path: ['value'], message: 'Send a name or a count.' }]);
  });
});
