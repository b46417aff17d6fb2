/**
 * How a delivery is signed: HMAC-SHA256 over `${timestamp}.${body}` with the
 * webhook's whole secret (`whsec_…`, as UTF-8 bytes), sent as
 * `x-voice-signature: v1=<hex>` beside `x-voice-timestamp: <unix seconds>`.
 * Web Crypto, not node:crypto, so the same code signs in the browser build.
 */

/** The signature header: `v1=<lowercase hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'x-voice-signature';
/** Unix seconds of the attempt, in mock time; part of what is signed, so a replayed body cannot get a new time. */
export const TIMESTAMP_HEADER = 'x-voice-timestamp';
/** The event kind, e.g. `call.ended` (also in the body). */
export const EVENT_HEADER = 'x-voice-event';
/** The delivery id: the same on every retry of one delivery. */
export const DELIVERY_HEADER = 'x-voice-delivery';

const encoder = new TextEncoder();

/** The value of the signature header for one attempt. */
export async function signPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`));
  return `v1=${toHex(new Uint8Array(mac))}`;
}

/** Every header a delivery attempt carries. */
export async function deliveryHeaders(input: { secret: string; timestamp: number; body: string; event: string; deliveryId: string }) {
  return {
    'content-type': 'application/json',
    'user-agent': 'voice-config-mock-webhooks',
    [EVENT_HEADER]: input.event,
    [DELIVERY_HEADER]: input.deliveryId,
    [TIMESTAMP_HEADER]: String(input.timestamp),
    [SIGNATURE_HEADER]: await signPayload(input.secret, input.timestamp, input.body),
  };
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
