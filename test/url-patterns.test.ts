import { createGenerator } from 'json-schema-faker';
import { it, expect } from 'vitest';
import { httpUrl, secureOrLoopbackUrl, isLoopbackHost } from '../src/domain/fields.js';
it('patterns imply parseable', async () => {
  const bad: string[] = []; const samples: string[] = []; let count = 0;
  for (const [schema, loop] of [[httpUrl, false], [secureOrLoopbackUrl, true]] as const) {
    const pattern = (schema as any)._zod.def.checks.find((c: any) => c._zod.def.format === 'regex')._zod.def.pattern.source;
    const gen = createGenerator({ seed: 1 });
    for (let i = 0; i < 3000; i++) {
      const s = (await gen.generate({ type: 'string', pattern, maxLength: 2048 })) as string;
      if (!new RegExp(pattern).test(s)) continue; count++; if (i % 400 === 0) samples.push(s);
      if (!URL.canParse(s)) { bad.push(s); continue; }
      const u = new URL(s);
      if (loop && u.protocol === 'http:' && !isLoopbackHost(u.hostname)) bad.push('loop:' + s);
    }
  }
  console.log(bad.slice(0, 20), samples.slice(0,8), count);
  expect(bad).toEqual([]);
});
