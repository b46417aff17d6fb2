/** Wording of check titles, which people read in reports (the kit words them on its own, apart from the mock). */

/** "a tool", "an assistant". */
export const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
