/**
 * The shapes a resource's schemas take, derived from its writable fields:
 * as a record holds them (defaults filled in), as a patch sends them (all
 * optional, no defaults), and as a union when the resource has variants.
 */
import { z } from '@hono/zod-openapi';
import type { VariantFields, VariantUnion } from './variants.js';

export const withoutDefault = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema);

/**
 * A field as every record holds it: its default and those of the objects
 * inside it taken away, since a create filled them in (an assistant's
 * `model.temperature`). Objects are extended, which keeps their
 * description and strictness; one with nothing to fill stays as it is.
 */
export function filled(schema: z.ZodType): z.ZodType {
  const inner = withoutDefault(schema);
  if (!(inner instanceof z.ZodObject)) return inner;
  const shape = inner.shape as Record<string, z.ZodType>;
  const changed = Object.entries(shape).filter(([, field]) => filled(field) !== field);
  if (changed.length === 0) return inner;
  return inner.extend(Object.fromEntries(changed.map(([key, field]) => [key, filled(field)])));
}

/** A writable field as a record holds it: one with a default is always there, so without the default. */
export type Filled<W extends z.ZodRawShape> = { [K in keyof W]: W[K] extends z.ZodDefault<infer T> ? T : W[K] };
/** The PATCH shape: every writable field optional, without its default. */
export type UpdateShape<W extends z.ZodRawShape> = { [K in keyof W]: z.ZodOptional<Filled<W>[K]> };
/** The record responses show: server-owned and shown writable fields, with `responseOnly` replacing (not joining) what it names. */
export type RecordShape<W extends z.ZodRawShape, S extends z.ZodRawShape, WO extends keyof W, SA extends z.ZodRawShape> = Omit<
  S & Omit<Filled<W>, WO>,
  keyof SA
> &
  SA;
/** A plain object schema, or the union of its variants when the resource has any. */
export type OneOrVariants<Shape extends z.ZodRawShape, K extends string, VF extends VariantFields> = [keyof VF] extends [never]
  ? z.ZodObject<Shape, z.core.$strict>
  : VariantUnion<Shape, K, VF>;
