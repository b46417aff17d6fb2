/** The package's public surface: the app, its world, the resources and their types. */
export { createApp, type AppOptions, DEFAULT_BODY_LIMIT } from './http/app.js';
export { createWorld, DEFAULT_SEED, type World, type WorldOptions } from './world.js';
export { resources, sipTrunks, assistants, schemas, tools, webhooks } from './domain/resources/index.js';
export type { SipTrunk } from './domain/resources/sip-trunk.js';
export type { Assistant } from './domain/resources/assistant.js';
export type { Schema } from './domain/resources/output-schema.js';
export type { Tool } from './domain/resources/tool.js';
export type { Webhook } from './domain/resources/webhook.js';
export type { TrunkConfiguration, TelephonyProvider } from './telephony/provider.js';
export type { Scenario } from './seed/scenario.js';
export { scenarios } from '../fixtures/index.js';
export { problemSchema, type ProblemBody } from './http/problem.js';
