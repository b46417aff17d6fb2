/**
 * What the control API's access options may hold, checked before anything
 * is served: the token (`--control-token`) and the origins whose pages may
 * use the control API (`--control-origin`).
 */
import { controlOriginOf } from './control/web-pages.js';

/**
 * Why a control token could never be matched, or undefined for one that can: a header value carries visible
 * ASCII only (a client trims white space around it, and cannot send control characters or, portably, other
 * bytes), so a token with any of those answered 401 to every control request.
 */
export function controlTokenRefusal(token: string): string | undefined {
  if (token.trim() === '') return 'must not be empty (leave it out to run without one)';
  const bad = [...token].find((char) => !/^[\x21-\x7e]$/.test(char));
  if (bad === undefined) return undefined;
  const point = bad.codePointAt(0) ?? 0;
  const code = `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
  const what = /\s/.test(bad) ? 'white space' : point < 0x20 || point === 0x7f ? 'a control character' : 'a character outside ASCII';
  return `may hold only visible ASCII characters (no white space, control characters or other characters), as an HTTP header carries them; it holds ${what} (${code})`;
}

/**
 * The control API's token and origins, checked as the app is made (or as a server starts, before it makes the
 * app): a token no client could send, or an origin that is no origin, throws. The origins as the app compares them.
 */
export function checkedControlAccess(options: { controlToken?: string; controlOrigins?: readonly string[] }): string[] {
  const tokenRefusal = options.controlToken === undefined ? undefined : controlTokenRefusal(options.controlToken);
  if (tokenRefusal) throw new Error(`createApp: controlToken ${tokenRefusal}.`);
  return (options.controlOrigins ?? []).map((value) => {
    const checked = controlOriginOf(value);
    if ('error' in checked) throw new Error(`createApp: controlOrigins ${checked.error}.`);
    return checked.origin;
  });
}
