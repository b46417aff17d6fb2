/** Types of browser-size.mjs. */
export interface BundleChunk {
  bytes: number;
  gzipBytes: number;
  packages: { name: string; bytes: number }[];
}

export declare function measureBrowserBundle(): Promise<BundleChunk & { later: BundleChunk[] }>;
