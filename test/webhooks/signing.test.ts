/** The signature is plain HMAC-SHA256 over `timestamp.body` with the whole secret, as node:crypto computes it. */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliveryHeaders, signPayload } from '../../src/state/webhooks/signing.js';

describe('signing', () => {
  it('matches node:crypto for any secret, timestamp and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^whsec_[A-Za-z0-9]{24,64}$/),
        fc.integer({ min: 0, max: 2 ** 32 }),
        fc.string({ unit: 'grapheme' }),
        async (secret, timestamp, body) => {
          const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
          expect(await signPayload(secret, timestamp, body)).toBe(`v1=${expected}`);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('changes when the body, the timestamp or the secret changes', async () => {
    const secret = 'whsec_abcdefghijklmnopqrstuvwx';
    const base = await signPayload(secret, 1_770_000_000, '{"a":1}');
    expect(await signPayload(secret, 1_770_000_000, '{"a":2}')).not.toBe(base);
    expect(await signPayload(secret, 1_770_000_001, '{"a":1}')).not.toBe(base);
    expect(await signPayload(`${secret}y`, 1_770_000_000, '{"a":1}')).not.toBe(base);
  });

  it('puts the event, delivery id, timestamp and signature in headers', async () => {
    const headers = await deliveryHeaders({
      secret: 'whsec_abcdefghijklmnopqrstuvwx',
      timestamp: 1_770_000_000,
      body: '{}',
      event: 'call.ended',
      deliveryId: 'd1',
    });
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-voice-event': 'call.ended',
      'x-voice-delivery': 'd1',
      'x-voice-timestamp': '1770000000',
    });
    expect(headers['x-voice-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
  });
});
