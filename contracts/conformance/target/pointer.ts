/** JSON Pointer (RFC 6901), for --list-pointer and --id-pointer. */

/** Whether `text` is a JSON pointer ("" or a string of "/"-led tokens). */
export const isJsonPointer = (text: string): boolean => text === '' || text.startsWith('/');

/** The value `pointer` names inside `value`; undefined when it names nothing. */
export function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (typeof current === 'object' && current !== null && !Array.isArray(current) && Object.hasOwn(current, key))
      current = (current as Record<string, unknown>)[key];
    else return undefined;
  }
  return current;
}
