/** Every spec rule broken in nested-envelope's own idiom, judged with its document: each break fails its checks. */
import { brokenVariantSuite } from './broken-suite.js';
import { NESTED_BREAKS, NESTED_TOKENS, startNested } from './nested-envelope.js';

brokenVariantSuite('nested-envelope', NESTED_BREAKS, (breaks) => startNested({ document: true, breaks }), NESTED_TOKENS);
