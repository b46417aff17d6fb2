/** Every spec rule broken in after-id's own idiom, judged from its YAML document: each break fails its checks. */
import { AFTER_BREAKS, AFTER_TOKENS, startAfterId } from './after-id.js';
import { brokenVariantSuite } from './broken-suite.js';
import { openapiAt } from './judge.js';

brokenVariantSuite('after-id', AFTER_BREAKS, (breaks) => startAfterId({ breaks }), AFTER_TOKENS, openapiAt('/openapi.yaml'));
