/**
 * How the kit pages through a list, as the target's flags say (`--paging`,
 * `--next-pointer`, `--page-param`), and the bounds of one list read
 * (`--max-pages`, `--max-records`, `--max-list-mib`), so that the kit's
 * memory stays bounded whatever a target answers.
 */
import type { Target } from '../types.js';

export type PagingMode = 'auto' | 'link' | 'cursor' | 'page' | 'offset' | 'none';
export const PAGING_MODES: PagingMode[] = ['auto', 'link', 'cursor', 'page', 'offset', 'none'];
export const DEFAULT_MAX_PAGES = 1000;
export const DEFAULT_MAX_RECORDS = 100_000;
/** The most MiB of answers read for one list, all its pages (`--max-list-mib`). */
export const DEFAULT_MAX_LIST_MIB = 128;

export interface PagingSettings {
  mode: PagingMode;
  nextPointer?: string;
  pageParam?: string;
  maxPages: number;
  maxRecords: number;
  /** The most bytes of answers read for one list, all its pages. */
  maxBytes: number;
}

/** The paging settings a target's flags give. */
export function pagingOf(target: Target): PagingSettings {
  return {
    mode: target.paging ?? 'auto',
    maxPages: target.maxPages ?? DEFAULT_MAX_PAGES,
    maxRecords: target.maxRecords ?? DEFAULT_MAX_RECORDS,
    maxBytes: (target.maxListMiB ?? DEFAULT_MAX_LIST_MIB) * 1024 * 1024,
    ...(target.nextPointer !== undefined ? { nextPointer: target.nextPointer } : {}),
    ...(target.pageParam !== undefined ? { pageParam: target.pageParam } : {}),
  };
}
