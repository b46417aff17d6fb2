/**
 * A resource whose rules depend on one field's value (a tool's `type`): one
 * variant per value, each the resource's fields with those that differ for
 * that value put in their place (a `url` it needs, a `destination` that
 * must stay null). The create body, the record and what the store holds
 * are then discriminated unions, which the OpenAPI document shows as
 * `oneOf` of objects whose key is a `const`, and whose zod types a client narrows.
 */
import { z } from '@hono/zod-openapi';

/** Per value of the key field: a sentence for the document, and the fields whose rules differ for it. */
export type VariantFields = Readonly<Record<string, { description: string; fields: z.ZodRawShape }>>;

export interface VariantSpec<K extends string, VF extends VariantFields> {
  key: K;
  of: VF;
}

/** The object of one variant: the shape, with the variant's fields in place and the key fixed to its value. */
export type VariantShape<Shape extends z.ZodRawShape, K extends string, V extends string, Fields extends z.ZodRawShape> = Omit<
  Shape,
  keyof Fields | K
> &
  Fields & { [P in K]: z.ZodLiteral<V> };

type VariantObjects<Shape extends z.ZodRawShape, K extends string, VF extends VariantFields> = {
  [V in keyof VF & string]: z.ZodObject<VariantShape<Shape, K, V, VF[V]['fields']>, z.core.$strict>;
}[keyof VF & string];

/** A union over the variants of `Shape`, discriminated by the key. */
export type VariantUnion<Shape extends z.ZodRawShape, K extends string, VF extends VariantFields> = z.ZodDiscriminatedUnion<
  VariantObjects<Shape, K, VF>[]
>;

/** `apiRequest` → `ApiRequest`: the value as a component name's first part. */
const componentPrefix = (value: string) => `${value[0]?.toUpperCase() ?? ''}${value.slice(1)}`;

/**
 * One strict object per variant. The key's literal carries the message an
 * update that tries another value gets (a create picks its variant by it).
 * `adapt` turns a variant's field into what this shape holds (a record's
 * field without its default, a patch's optional one); `name` names the
 * variant's component in the document, if it has one.
 */
export function variantObjects<K extends string>(
  spec: VariantSpec<K, VariantFields>,
  shape: z.ZodRawShape,
  adapt: (field: z.ZodType) => z.ZodType,
  describe: { singular: string; component?: (prefix: string) => string },
): Map<string, z.ZodObject> {
  const objects = new Map<string, z.ZodObject>();
  for (const [value, { description, fields }] of Object.entries(spec.of)) {
    const keyField = z.literal(value, {
      error: `The ${spec.key} of a ${describe.singular} cannot change (it is ${value}); create a new ${describe.singular} instead.`,
    });
    const own = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, adapt(field as z.ZodType)]));
    const object = z.strictObject({ ...shape, ...own, [spec.key]: adapt(keyField) });
    const name = describe.component?.(componentPrefix(value));
    objects.set(value, name ? object.openapi(name, { description }) : object.openapi({ description }));
  }
  return objects;
}

/** The union of the objects, discriminated by the key (the objects' order is the values' order). */
export function unionOf<K extends string>(key: K, objects: Map<string, z.ZodObject>): z.ZodDiscriminatedUnion {
  return z.discriminatedUnion(key, [...objects.values()] as unknown as [z.ZodObject, ...z.ZodObject[]]);
}

/** The variant a body or record names by its key, if it names one. */
export function variantFor(objects: Map<string, z.ZodObject> | undefined, key: string | undefined, body: unknown): z.ZodObject | undefined {
  if (!objects || key === undefined || typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? objects.get(value) : undefined;
}
