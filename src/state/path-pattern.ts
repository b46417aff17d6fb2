/**
 * Path patterns of the control API (journal filters, verification, faults):
 * `*` or `:name` match one path segment, `**` as the last segment matches the
 * rest of the path (elsewhere it matches one segment, so no pattern can make
 * matching backtrack for long), anything else matches literally. `/api/v1/sip-trunks/:id` matches every
 * trunk path; `/api/v1/**` matches the whole API.
 */
export type PathMatcher = (path: string) => boolean;

export function compilePathPattern(pattern: string): PathMatcher {
  const segments = pattern.split('/');
  const parts = segments.map((segment, index) => {
    if (segment === '**') return index === segments.length - 1 ? '.*' : '[^/]+';
    if (segment === '*' || segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  const regex = new RegExp(`^${parts.join('/').replace(/\/\.\*$/, '(?:/.*)?')}/?$`);
  return (path) => regex.test(path);
}
