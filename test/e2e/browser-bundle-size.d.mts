/** Types of browser-bundle-size.mjs. */
export declare function measureBrowserBundle(): Promise<{
  bytes: number;
  gzipBytes: number;
  packages: { name: string; bytes: number }[];
}>;
