/**
 * A large snapshot's lists are counted in its text a slice at a time, before it is parsed: the problems of lists over
 * their bounds are those checkState gives for the parsed value, and the loop gets a turn between slices.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { checkState } from '../../src/state/snapshot/snapshot.js';
import { overBoundsInText } from '../../src/state/snapshot/snapshot-scan.js';

const MIB = 1024 * 1024;
const head = '{"format":"voice-config-mock/state","version":1,';
const zeros = (count: number) => `${'0,'.repeat(count - 1)}0`;

describe('the scan of a snapshot text', () => {
  it('finds the lists over their bounds that checkState finds, in its words, pausing between slices', async () => {
    const org = (records: string) => `{"id":"o1","name":"A","token":"t","records":{${records}}}`;
    const texts = [
      `${head}"organizations":[${zeros(1_000_001)}]}`,
      `${head}"organizations":[],"telephony":[${zeros(1_000_001)}]}`,
      `${head}"organizations":[${zeros(1_000_001)}],"telephony":[${zeros(1_000_002)}]}`,
      `${head}"organizations":[${org('"tools":[]')},${org(`"schemas":[{"a":[1,2,{"b":"]"}]}],"webhooks":[${zeros(10_000_001)}]`)}]}`,
    ];
    for (const text of texts) {
      let pauses = 0;
      const found = await overBoundsInText(text, async () => {
        pauses += 1;
      });
      const checked = checkState(JSON.parse(text));
      expect(checked.ok).toBe(false);
      expect(found?.problems).toEqual(checked.ok ? undefined : checked.problems.problems);
      expect(pauses).toBeGreaterThanOrEqual(Math.floor(text.length / MIB) - 1);
    }
  });

  it('finds nothing in a snapshot within its bounds, nor in text that is no JSON (the parse refuses that)', async () => {
    const pause = async () => {};
    expect(await overBoundsInText(`${head}"organizations":[${zeros(1_000_000)}]}`, pause)).toBeUndefined();
    expect(await overBoundsInText(`${head}"organizations":[0,0`, pause)).toBeUndefined();
    expect(await overBoundsInText('['.repeat(5_000_000), pause)).toBeUndefined();
    expect(await overBoundsInText(`{1:[${zeros(2_000_000)}]}`, pause)).toBeUndefined();
  });

  it('reads a state of more than 4 MiB piece by piece, refusing bytes that are not UTF-8 as a whole read does', async () => {
    const app = createApp();
    const text = Buffer.from(`${head}"organizations":[],"savedAt":"${'x'.repeat(5 * MIB)}"}`);
    const broken = Buffer.concat([text.subarray(0, 3 * MIB), Buffer.from([0xff]), text.subarray(3 * MIB)]);
    const send = (body: Buffer) =>
      app.request('/__mock/state', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      });
    const refused = await send(broken);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { detail: string }).detail).toContain('not valid UTF-8');
    // The same text, valid, loads.
    const loaded = await send(text);
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toEqual({ organizations: [] });
  });
});
