/**
 * Text from outside (organization names, tokens, paths, file names) on its way to a terminal. A terminal acts on
 * control and escape characters (a window title, a cleared screen), bidi controls reorder what follows (U+202E
 * shows `gnp.exe` as `exe.png`), invisible ones (U+200B) make two different names look alike, and line and
 * paragraph separators (U+2028, U+2029) break a line where none is: each of those is shown as its code point in
 * JavaScript's escape form (`\u202E`), so what reaches the terminal is what was sent, made visible.
 */

// Controls (C0, DEL, C1), format characters (bidi, zero-width, soft hyphen, BOM), line and paragraph separators,
// spaces other than the ASCII one, lone surrogates, private use and unassigned code points.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0]/gu;
const PLAIN = /^[\x20-\x7e]*$/;

const escaped = (char: string) => {
  const point = char.codePointAt(0) ?? 0;
  return point > 0xffff ? `\\u{${point.toString(16).toUpperCase()}}` : `\\u${point.toString(16).toUpperCase().padStart(4, '0')}`;
};

/** `text` with every character a terminal would act on, or that would not show as itself, escaped (`\u202E`). */
export function terminalText(text: string): string {
  // Printable ASCII, the common case (every line of the request log), is returned as it is without a replace.
  return PLAIN.test(text) ? text : text.replace(UNSAFE, escaped);
}

/** `text` made safe for the terminal and cut to `max` characters (an ellipsis marks the cut). */
export function terminalTextCut(text: string, max: number): string {
  const clean = terminalText(text);
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
