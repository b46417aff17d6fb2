/** Types of demo-build.mjs. */
import type { BuildOptions } from 'esbuild';

/** esbuild options that bundle the demo script into `outDir/demo.js`. */
export declare function demoBuildOptions(outDir: string): BuildOptions;
/** Copies MSW's worker script to `outDir/mockServiceWorker.js`. */
export declare function copyWorkerScript(outDir: string): Promise<void>;
/** Copies the page and MSW's worker script into `outDir`. */
export declare function copyDemoAssets(outDir: string): Promise<void>;
/** Builds the whole demo into `outDir`, which must exist. */
export declare function bundleDemo(outDir: string): Promise<void>;
