/** Every spec rule broken in framework-default's own idiom, judged from its document: each break fails its checks. */
import { brokenVariantSuite } from './broken-suite.js';
import { FRAMEWORK_BREAKS, FRAMEWORK_TOKENS, startFramework } from './framework-default.js';
import { openapiAt } from './judge.js';

brokenVariantSuite(
  'framework-default',
  FRAMEWORK_BREAKS,
  (breaks) => startFramework({ breaks }),
  FRAMEWORK_TOKENS,
  openapiAt('/openapi.json'),
);
