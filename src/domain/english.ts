/** Words the mock builds sentences from: "a tool", "an assistant", "3 problems". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The same at the start of a sentence. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "one problem", "3 problems". */
export function counted(count: number, noun: string): string {
  return count === 1 ? `one ${noun}` : `${count} ${noun}s`;
}
