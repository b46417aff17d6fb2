/**
 * Field types shared by several resources. Each is declared once here so a
 * rule (what a phone number or a hostname is) means the same everywhere.
 */
import { z } from '@hono/zod-openapi';
import { withPatterns } from './patterns.js';

/** Server-generated identifier (the spec: every id is a UUID string). */
export const id = z
  .uuid()
  .openapi({ description: 'Identifier (UUID), set by the server.', example: '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c' });

/** A reference to another record of the caller's organization, or null. */
export const optionalRef = (what: string) =>
  z
    .uuid()
    .nullable()
    // Described before the default: a record's schema shows the field without its default (it is always there).
    .openapi({ description: `Id of ${what} of your organization, or null.` })
    .default(null);

/** ISO 8601 UTC timestamp with milliseconds, as `Date.prototype.toISOString` writes it. */
export const timestamp = z.iso.datetime({ precision: 3 }).openapi({ example: '2026-01-05T09:30:00.000Z' });

/** Read-only timestamps every record carries. */
export const timestamps = {
  createdAt: timestamp.openapi({ description: 'When the record was created (ISO 8601, UTC).' }),
  updatedAt: timestamp.openapi({ description: 'When the record last changed (ISO 8601, UTC).' }),
};

export const displayName = z.string().trim().min(1).max(100);

/** An organization id, as every control route takes one and a snapshot holds one. */
export const organizationId = z.string().min(1).max(100);

/** A phone number in E.164 form, such as +14155550123. */
export const e164 = withPatterns(z.e164()).openapi({ example: '+14155550123' });

/** A list whose items must not repeat; OpenAPI shows it as `uniqueItems`. */
export const uniqueList = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((items) => new Set(items.map((value) => JSON.stringify(value))).size === items.length, {
      message: 'Items must be unique',
    })
    .openapi({ uniqueItems: true });

/** An http(s) URL. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** This machine, as a URL's hostname names it: `localhost`, 127.0.0.0/8 or [::1]. */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** Loopback hosts may use plain http (local receivers during development). */
export const isLoopbackUrl = (url: string): boolean => {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && isLoopbackHost(hostname);
};
