/** The typed API client: `createApiClient`, its error and its types. */
export { ApiError, type ProblemDetails } from './api-error.js';
export { type ApiClient, type ApiClientOptions, createApiClient } from './create-api-client.js';
export type { CallOptions, ResourceClient } from './resource-client.js';
export type * from './types.js';
