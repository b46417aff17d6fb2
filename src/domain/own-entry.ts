/**
 * A table's entry for a name a client chose, or undefined. A plain
 * `table[name]` finds what every object inherits too: "constructor" or
 * "__proto__" would come back as a function or a prototype.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
