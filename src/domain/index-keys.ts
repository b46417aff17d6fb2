/**
 * The keys the store indexes records by, so the rules that look across
 * records cost the same however many there are: who points at a record
 * (cleared when it is deleted), and who already holds a unique value.
 */
import type { ResourceKind, StoredRecord } from './resource.js';
import { resourceByKind } from './resources/index.js';

export const referenceKey = (target: ResourceKind, id: string): string => `ref:${target}:${id}`;

export const uniqueKey = (kind: ResourceKind, field: string, value: unknown): string => `unique:${kind}:${field}:${JSON.stringify(value)}`;

export function indexKeys(kind: ResourceKind, record: StoredRecord): string[] {
  const def = resourceByKind[kind];
  const keys: string[] = [];
  for (const { field, target, many } of def.references ?? []) {
    const value = record[field];
    for (const id of many ? ((value as string[] | undefined) ?? []) : [value]) {
      if (typeof id === 'string') keys.push(referenceKey(target, id));
    }
  }
  for (const field of def.unique ?? []) keys.push(uniqueKey(kind, field, record[field]));
  return keys;
}
