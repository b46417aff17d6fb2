/** The package's public surface: the app, its world, the resources and their types. */

export { scenarios } from '../fixtures/index.js';
export * from './client/index.js';
export { type ControlClient, type ControlClientOptions, ControlError, createControlClient, type Tenant } from './control/client.js';
export { exportState, importState, type State } from './control/snapshot.js';
export { createTenant, injectRecord } from './control/tenants.js';
export type { Assistant } from './domain/resources/assistant.js';
export { assistants, resources, schemas, sipTrunks, tools, webhooks } from './domain/resources/index.js';
export type { Schema } from './domain/resources/output-schema.js';
export type { SipTrunk } from './domain/resources/sip-trunk.js';
export type { Tool } from './domain/resources/tool.js';
export type { Webhook } from './domain/resources/webhook.js';
export { type AppOptions, createApp, DEFAULT_BODY_LIMIT } from './http/app.js';
export { type ProblemBody, problemSchema } from './http/problem.js';
export type { Scenario } from './seed/scenario.js';
export { type RunningServer, type ServerOptions, startServer } from './server.js';
export type { TelephonyProvider, TrunkConfiguration } from './telephony/provider.js';
export type { DeliveryOptions } from './webhooks/delivery-policy.js';
export type { Delivery, DeliveryStatus } from './webhooks/delivery-record.js';
export type { CallInput, SimulatedCall } from './webhooks/simulate-call.js';
export { createWorld, DEFAULT_SEED, type World, type WorldOptions } from './world.js';
