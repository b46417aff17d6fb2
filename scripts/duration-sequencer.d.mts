/** Types of duration-sequencer.mjs. */
import type { BaseSequencer } from 'vitest/node';

export declare const DURATIONS_FILE: URL;
export default class DurationSequencer extends BaseSequencer {}
