/** The package's public surface: the app, its mock state, the resources and their types. */

export { type ControlClient, type ControlClientOptions, ControlError, createControlClient, type Tenant } from './client/control-client.js';
export * from './client/index.js';
export type { Assistant } from './domain/resources/assistant.js';
export { assistants, resources, schemas, sipTrunks, tools, webhooks } from './domain/resources/index.js';
export type { Schema } from './domain/resources/output-schema.js';
export type { SipTrunk } from './domain/resources/sip-trunk.js';
export type { Tool } from './domain/resources/tool.js';
export type { Webhook } from './domain/resources/webhook.js';
export type { TelephonyProvider, TrunkConfiguration } from './domain/telephony.js';
export { type AppOptions, createApp, DEFAULT_BODY_LIMIT } from './http/app.js';
export { type ProblemBody, problemSchema } from './http/problem.js';
export { type RunningServer, type ServerOptions, startServer } from './server/server.js';
export { createMockState, DEFAULT_SEED, type MockState, type MockStateOptions } from './state/mock-state.js';
export { createTenant, injectRecord } from './state/organizations/operations.js';
export type { Scenario } from './state/seed/scenario.js';
export { scenarios } from './state/seed/scenarios.js';
export { exportState, importState, type State } from './state/snapshot/snapshot.js';
export type { Delivery, DeliveryStatus } from './state/webhooks/deliveries.js';
export type { DeliveryOptions } from './state/webhooks/delivery-policy.js';
export type { CallInput, SimulatedCall } from './state/webhooks/simulate-call.js';
