/**
 * Path patterns of the control API (journal filters, verification, faults):
 * `*` or `:name` match one path segment, `**` matches the rest of the path,
 * anything else matches literally. `/api/v1/sip-trunks/:id` matches every
 * trunk path; `/api/v1/**` matches the whole API.
 */
export type PathMatcher = (path: string) => boolean;

export function compilePathPattern(pattern: string): PathMatcher {
  const parts = pattern.split('/').map((segment) => {
    if (segment === '**') return '.*';
    if (segment === '*' || segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  const regex = new RegExp(`^${parts.join('/').replace(/\/\.\*$/, '(?:/.*)?')}/?$`);
  return (path) => regex.test(path);
}
