/**
 * A bind address that other machines can reach (0.0.0.0, ::, a LAN address,
 * a host name) would open the control API to them: without a control token
 * anyone who reaches the port can read every organization's tokens, trunk
 * passwords and webhook secrets (GET /__mock/state), or reset the mock. Such
 * a bind is refused unless the control API needs a token or is off.
 */
import { isThisMachine } from '../domain/fields.js';

/** How the refusal names the two ways out: the CLI's flags, or startServer's options. */
export interface Remedies {
  token: string;
  off: string;
}

export const CLI_REMEDIES: Remedies = { token: '--control-token <token>', off: '--no-control' };
export const OPTION_REMEDIES: Remedies = { token: 'controlToken', off: 'control: false' };

/** Why the mock will not listen on `host` as configured, or undefined when it may. */
export function publicBindRefusal(
  host: string,
  control: { enabled: boolean; token: string | undefined },
  remedies: Remedies = CLI_REMEDIES,
): string | undefined {
  if (isThisMachine(host) || !control.enabled || control.token !== undefined) return undefined;
  return (
    `listening on ${host} lets other machines reach the mock, and its control API (/__mock/) would answer them all, ` +
    `tokens, trunk passwords and webhook secrets included. Require a token for it with ${remedies.token}, ` +
    `or turn it off with ${remedies.off}; or listen on 127.0.0.1 (the default).`
  );
}
