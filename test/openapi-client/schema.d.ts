// biome-ignore-all format: written by openapi-typescript from /openapi.json; compared as generated
export interface paths {
    "/api/v1/sip-trunks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SIP trunks
         * @description All SIP trunks of the caller's organization, newest first, as a plain JSON array.
         */
        get: operations["listSipTrunks"];
        put?: never;
        /** Create a SIP trunk */
        post: operations["createSipTrunk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sip-trunks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a SIP trunk */
        get: operations["getSipTrunk"];
        put?: never;
        post?: never;
        /**
         * Delete a SIP trunk
         * @description Rules the schema cannot state (each refusal has a named example below):
         *     - The trunk is a system trunk (isSystem: true); system trunks cannot be deleted (403 otherwise).
         */
        delete: operations["deleteSipTrunk"];
        options?: never;
        head?: never;
        /**
         * Update a SIP trunk
         * @description Changes only the fields sent; lists and maps are replaced whole.
         */
        patch: operations["updateSipTrunk"];
        trace?: never;
    };
    "/api/v1/schemas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List schemas
         * @description All schemas of the caller's organization, newest first, as a plain JSON array.
         */
        get: operations["listSchemas"];
        put?: never;
        /** Create a schema */
        post: operations["createSchema"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schemas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a schema */
        get: operations["getSchema"];
        put?: never;
        post?: never;
        /**
         * Delete a schema
         * @description Rules the schema cannot state (each refusal has a named example below):
         *     - The schema is locked (isLocked: true); locked schemas cannot be deleted (403 otherwise).
         */
        delete: operations["deleteSchema"];
        options?: never;
        head?: never;
        /**
         * Update a schema
         * @description Changes only the fields sent; lists and maps are replaced whole.
         *
         *     Rules the schema cannot state (each refusal has a named example below):
         *     - The schema is locked (isLocked: true); locked schemas cannot be changed (403 otherwise).
         */
        patch: operations["updateSchema"];
        trace?: never;
    };
    "/api/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tools
         * @description All tools of the caller's organization, newest first, as a plain JSON array.
         */
        get: operations["listTools"];
        put?: never;
        /**
         * Create a tool
         * @description Rules the schema cannot state (each refusal has a named example below):
         *     - `name` is unique among the tools of your organization (409 otherwise).
         *     - Each name in `parameters.required` is a key of `parameters.properties` (400 otherwise).
         */
        post: operations["createTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a tool */
        get: operations["getTool"];
        put?: never;
        post?: never;
        /** Delete a tool */
        delete: operations["deleteTool"];
        options?: never;
        head?: never;
        /**
         * Update a tool
         * @description Changes only the fields sent; lists and maps are replaced whole.
         *
         *     Rules the schema cannot state (each refusal has a named example below):
         *     - `name` is unique among the tools of your organization (409 otherwise).
         *     - Each name in `parameters.required` is a key of `parameters.properties` (400 otherwise).
         *     - A patch sends only fields of the tool's own `type` (its variant); the type cannot change (400 otherwise).
         */
        patch: operations["updateTool"];
        trace?: never;
    };
    "/api/v1/assistants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assistants
         * @description All assistants of the caller's organization, newest first, as a plain JSON array.
         */
        get: operations["listAssistants"];
        put?: never;
        /**
         * Create an assistant
         * @description Rules the schema cannot state (each refusal has a named example below):
         *     - `toolIds` holds ids of tools of your organization (400 otherwise).
         *     - `schemaId` holds the id of a schema (or null) of your organization (400 otherwise).
         *     - `sipTrunkId` holds the id of a SIP trunk (or null) of your organization (400 otherwise).
         */
        post: operations["createAssistant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assistants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an assistant */
        get: operations["getAssistant"];
        put?: never;
        post?: never;
        /** Delete an assistant */
        delete: operations["deleteAssistant"];
        options?: never;
        head?: never;
        /**
         * Update an assistant
         * @description Changes only the fields sent; lists and maps are replaced whole.
         *
         *     Rules the schema cannot state (each refusal has a named example below):
         *     - `toolIds` holds ids of tools of your organization (400 otherwise).
         *     - `schemaId` holds the id of a schema (or null) of your organization (400 otherwise).
         *     - `sipTrunkId` holds the id of a SIP trunk (or null) of your organization (400 otherwise).
         */
        patch: operations["updateAssistant"];
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description All webhooks of the caller's organization, newest first, as a plain JSON array.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook
         * @description Rules the schema cannot state (each refusal has a named example below):
         *     - `assistantId` holds the id of an assistant (or null) of your organization (400 otherwise).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook
         * @description Changes only the fields sent; lists and maps are replaced whole.
         *
         *     Rules the schema cannot state (each refusal has a named example below):
         *     - `assistantId` holds the id of an assistant (or null) of your organization (400 otherwise).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/__mock/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Simulate a call and deliver its events to the webhooks */
        post: operations["simulateCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook deliveries with their attempts, oldest first */
        get: operations["listOutbox"];
        put?: never;
        post?: never;
        /** Forget deliveries and cancel their retries */
        delete: operations["clearOutbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/outbox/flush": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make every attempt due now, then answer */
        post: operations["flushOutbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back to the scenario */
        post: operations["resetMock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Organizations and their tokens */
        get: operations["listTenants"];
        put?: never;
        /** A new organization with its own token */
        post: operations["createTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/tenants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an organization and all its records */
        delete: operations["deleteTenant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole state, or one organization’s */
        get: operations["exportState"];
        /** Replace the state (or one organization’s) with a snapshot */
        put: operations["importState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a record with a fixed id, flags or timestamps */
        post: operations["injectRecord"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/telephony": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the fake telephony provider holds */
        get: operations["listTelephonyConfigurations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/telephony/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the provider holds for one trunk */
        get: operations["getTelephonyConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/journal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Requests the API received: a page of the newest, oldest first */
        get: operations["listJournal"];
        put?: never;
        post?: never;
        /** Forget the recorded requests */
        delete: operations["clearJournal"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/journal/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count the recorded requests that match */
        post: operations["verifyRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active faults */
        get: operations["listFaults"];
        put?: never;
        /** Inject a fault */
        post: operations["addFault"];
        /** Remove every fault */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/faults/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one fault */
        delete: operations["deleteFault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The time the mock stamps on records */
        get: operations["getClock"];
        put?: never;
        /** Freeze, advance or resume the clock */
        post: operations["setClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/provider-states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set up or tear down a Pact provider state (Pact stateChangeUrl) */
        post: operations["changeProviderState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the mock serves (for a CI job or container to wait on); needs no token and shows no data */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/__mock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every control operation, with its method, path and summary */
        get: operations["listControlOperations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SipTrunkCreate: {
            /**
             * @description Display name.
             * @example Main carrier
             */
            name: string;
            /**
             * @description Hostname or IPv4 address of the SIP server, without scheme or port.
             * @example sip.carrier.example.com
             */
            host: string | (string & unknown);
            /** @description SIP port. Default: `5060`. */
            port?: number;
            /**
             * @description SIP transport. Default: `"udp"`.
             * @enum {string}
             */
            transport?: "udp" | "tcp" | "tls";
            /** @description Digest username, if the carrier wants one. Default: `null`. */
            username?: string | null;
            /** @description Digest password. Write-only: responses show `hasPassword` instead. Default: `null`. */
            password?: string | null;
            /** @description IPv4 addresses or CIDR ranges allowed to send calls. Default: `[]`. */
            allowedIps?: (string)[];
            /** @description Numbers (E.164) routed through this trunk. Default: `[]`. */
            phoneNumbers?: string[];
            /** @description Accept inbound calls. Default: `true`. */
            inboundEnabled?: boolean;
            /** @description Allow outbound calls. Default: `true`. */
            outboundEnabled?: boolean;
        };
        SipTrunkUpdate: {
            /**
             * @description Display name.
             * @example Main carrier
             */
            name?: string;
            /**
             * @description Hostname or IPv4 address of the SIP server, without scheme or port.
             * @example sip.carrier.example.com
             */
            host?: string | (string & unknown);
            /** @description SIP port. */
            port?: number;
            /**
             * @description SIP transport.
             * @enum {string}
             */
            transport?: "udp" | "tcp" | "tls";
            /** @description Digest username, if the carrier wants one. */
            username?: string | null;
            /** @description Digest password. Write-only: responses show `hasPassword` instead. */
            password?: string | null;
            /** @description IPv4 addresses or CIDR ranges allowed to send calls. */
            allowedIps?: (string)[];
            /** @description Numbers (E.164) routed through this trunk. */
            phoneNumbers?: string[];
            /** @description Accept inbound calls. */
            inboundEnabled?: boolean;
            /** @description Allow outbound calls. */
            outboundEnabled?: boolean;
        };
        SchemaCreate: {
            /**
             * @description Display name.
             * @example Appointment request
             */
            name: string;
            /**
             * @description Kind of schema; "Free" is the only kind known. Default: `"Free"`.
             * @enum {string}
             */
            type?: "Free";
            /** @description What is extracted. Default: `""`. */
            description?: string;
            /**
             * @description Map from a property name to its type name. Default: `{}`.
             * @example {
             *       "summary": "string",
             *       "callbackRequested": "boolean"
             *     }
             */
            properties?: {
                [key: string]: "string" | "integer" | "number" | "boolean";
            };
        };
        SchemaUpdate: {
            /**
             * @description Display name.
             * @example Appointment request
             */
            name?: string;
            /**
             * @description Kind of schema; "Free" is the only kind known.
             * @enum {string}
             */
            type?: "Free";
            /** @description What is extracted. */
            description?: string;
            /**
             * @description Map from a property name to its type name.
             * @example {
             *       "summary": "string",
             *       "callbackRequested": "boolean"
             *     }
             */
            properties?: {
                [key: string]: "string" | "integer" | "number" | "boolean";
            };
        };
        ToolCreate: components["schemas"]["FunctionToolCreate"] | components["schemas"]["ApiRequestToolCreate"] | components["schemas"]["TransferCallToolCreate"] | components["schemas"]["EndCallToolCreate"];
        /** @description A function the model calls: the platform sends the arguments to `url`. */
        FunctionToolCreate: {
            /** @enum {string} */
            type: "function";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. Default: `""`. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. Default: `{"type":"object","properties":{},"required":[]}`. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** Format: uri */
            url: string;
            /**
             * @description HTTP method for `url`. Default: `"POST"`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. Default: `{}`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. Default: `20`. */
            timeoutSeconds?: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination?: null;
        };
        /** @description An HTTP request to `url` with `method` and `headers`. */
        ApiRequestToolCreate: {
            /** @enum {string} */
            type: "apiRequest";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. Default: `""`. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. Default: `{"type":"object","properties":{},"required":[]}`. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** Format: uri */
            url: string;
            /**
             * @description HTTP method for `url`. Default: `"POST"`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. Default: `{}`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. Default: `20`. */
            timeoutSeconds?: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination?: null;
        };
        /** @description Transfers the call to `destination`. */
        TransferCallToolCreate: {
            /** @enum {string} */
            type: "transferCall";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. Default: `""`. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. Default: `{"type":"object","properties":{},"required":[]}`. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** @description Not used by this type: null, or leave it out (it calls no endpoint). */
            url?: null;
            /**
             * @description HTTP method for `url`. Default: `"POST"`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. Default: `{}`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. Default: `20`. */
            timeoutSeconds?: number;
            /** @description Where the call is transferred to: an E.164 number or a sip: URI. */
            destination: string;
        };
        /** @description Ends the call. */
        EndCallToolCreate: {
            /** @enum {string} */
            type: "endCall";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. Default: `""`. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. Default: `{"type":"object","properties":{},"required":[]}`. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** @description Not used by this type: null, or leave it out (it calls no endpoint). */
            url?: null;
            /**
             * @description HTTP method for `url`. Default: `"POST"`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. Default: `{}`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. Default: `20`. */
            timeoutSeconds?: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination?: null;
        };
        ToolUpdate: components["schemas"]["FunctionToolUpdate"] | components["schemas"]["ApiRequestToolUpdate"] | components["schemas"]["TransferCallToolUpdate"] | components["schemas"]["EndCallToolUpdate"];
        /** @description A function the model calls: the platform sends the arguments to `url`. */
        FunctionToolUpdate: {
            /** @enum {string} */
            type?: "function";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name?: string;
            /** @description What the tool does, for the model. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** Format: uri */
            url?: string;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds?: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination?: null;
        };
        /** @description An HTTP request to `url` with `method` and `headers`. */
        ApiRequestToolUpdate: {
            /** @enum {string} */
            type?: "apiRequest";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name?: string;
            /** @description What the tool does, for the model. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** Format: uri */
            url?: string;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds?: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination?: null;
        };
        /** @description Transfers the call to `destination`. */
        TransferCallToolUpdate: {
            /** @enum {string} */
            type?: "transferCall";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name?: string;
            /** @description What the tool does, for the model. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** @description Not used by this type: null, or leave it out (it calls no endpoint). */
            url?: null;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds?: number;
            /** @description Where the call is transferred to: an E.164 number or a sip: URI. */
            destination?: string;
        };
        /** @description Ends the call. */
        EndCallToolUpdate: {
            /** @enum {string} */
            type?: "endCall";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name?: string;
            /** @description What the tool does, for the model. */
            description?: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters?: {
                /** @enum {string} */
                type: "object";
                /** @description Default: `{}`. */
                properties?: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                /** @description Default: `[]`. */
                required?: string[];
            };
            /** @description Not used by this type: null, or leave it out (it calls no endpoint). */
            url?: null;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers?: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds?: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination?: null;
        };
        AssistantCreate: {
            /**
             * @description Display name.
             * @example Front desk
             */
            name: string;
            /** @description What the assistant says first; null waits for the caller. Default: `null`. */
            firstMessage?: string | null;
            /** @description Instructions for the model. Default: `""`. */
            systemPrompt?: string;
            /** @description Language model that drives the conversation. Default: `{"provider":"openai","name":"gpt-4o-mini","temperature":0.7}`. */
            model?: {
                /** @example openai */
                provider: string;
                /** @example gpt-4o-mini */
                name: string;
                /** @description Default: `0.7`. */
                temperature?: number;
            };
            /** @description Text-to-speech voice. Default: `null`. */
            voice?: {
                /** @example elevenlabs */
                provider: string;
                /** @example rachel */
                voiceId: string;
            } | null;
            /** @description Language tag (the common part of BCP-47): 2 or 3 small letters, then subtags of 2 to 8 letters or digits, such as en-US or zh-Hant-TW. Default: `"en-US"`. */
            language?: string;
            /** @description Longest call, in seconds. Default: `600`. */
            maxDurationSeconds?: number;
            /** @description Ids of tools of your organization. Default: `[]`. */
            toolIds?: string[];
            /**
             * Format: uuid
             * @description Id of a structured-output schema of your organization, or null. Default: `null`.
             */
            schemaId?: string | null;
            /**
             * Format: uuid
             * @description Id of a SIP trunk of your organization, or null. Default: `null`.
             */
            sipTrunkId?: string | null;
            /** @description Your own flat key/value data (strings, numbers, booleans, null). Default: `{}`. */
            metadata?: {
                [key: string]: string | number | boolean | null;
            };
        };
        AssistantUpdate: {
            /**
             * @description Display name.
             * @example Front desk
             */
            name?: string;
            /** @description What the assistant says first; null waits for the caller. */
            firstMessage?: string | null;
            /** @description Instructions for the model. */
            systemPrompt?: string;
            /** @description Language model that drives the conversation. */
            model?: {
                /** @example openai */
                provider: string;
                /** @example gpt-4o-mini */
                name: string;
                /** @description Default: `0.7`. */
                temperature?: number;
            };
            /** @description Text-to-speech voice. */
            voice?: {
                /** @example elevenlabs */
                provider: string;
                /** @example rachel */
                voiceId: string;
            } | null;
            /** @description Language tag (the common part of BCP-47): 2 or 3 small letters, then subtags of 2 to 8 letters or digits, such as en-US or zh-Hant-TW. */
            language?: string;
            /** @description Longest call, in seconds. */
            maxDurationSeconds?: number;
            /** @description Ids of tools of your organization. */
            toolIds?: string[];
            /**
             * Format: uuid
             * @description Id of a structured-output schema of your organization, or null.
             */
            schemaId?: string | null;
            /**
             * Format: uuid
             * @description Id of a SIP trunk of your organization, or null.
             */
            sipTrunkId?: string | null;
            /** @description Your own flat key/value data (strings, numbers, booleans, null). */
            metadata?: {
                [key: string]: string | number | boolean | null;
            };
        };
        WebhookCreate: {
            /**
             * Format: uri
             * @description Receiver URL: https, or plain http only for this machine (localhost, 127.0.0.0/8, [::1]).
             * @example https://hooks.example.com/voice
             */
            url: string;
            /**
             * @description Events delivered to this webhook.
             * @example [
             *       "call.ended"
             *     ]
             */
            events: ("call.started" | "call.ended" | "call.analyzed")[];
            /** @description Free text. Default: `""`. */
            description?: string;
            /**
             * Format: uuid
             * @description Id of an assistant (only its calls), or null for all assistants of your organization, or null. Default: `null`.
             */
            assistantId?: string | null;
            /** @description Signing secret. Generated when omitted; shown whole only in the create response. */
            secret?: string;
            /** @description Deliveries happen only while enabled. Default: `true`. */
            enabled?: boolean;
        };
        WebhookUpdate: {
            /**
             * Format: uri
             * @description Receiver URL: https, or plain http only for this machine (localhost, 127.0.0.0/8, [::1]).
             * @example https://hooks.example.com/voice
             */
            url?: string;
            /**
             * @description Events delivered to this webhook.
             * @example [
             *       "call.ended"
             *     ]
             */
            events?: ("call.started" | "call.ended" | "call.analyzed")[];
            /** @description Free text. */
            description?: string;
            /**
             * Format: uuid
             * @description Id of an assistant (only its calls), or null for all assistants of your organization, or null.
             */
            assistantId?: string | null;
            /** @description Signing secret. Generated when omitted; shown whole only in the create response. */
            secret?: string;
            /** @description Deliveries happen only while enabled. */
            enabled?: boolean;
        };
        SipTrunk: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /** @description A system trunk cannot be deleted. Read-only. */
            readonly isSystem: boolean;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * @description Display name.
             * @example Main carrier
             */
            name: string;
            /**
             * @description Hostname or IPv4 address of the SIP server, without scheme or port.
             * @example sip.carrier.example.com
             */
            host: string | (string & unknown);
            /** @description SIP port. */
            port: number;
            /**
             * @description SIP transport.
             * @enum {string}
             */
            transport: "udp" | "tcp" | "tls";
            /** @description Digest username, if the carrier wants one. */
            username: string | null;
            /** @description IPv4 addresses or CIDR ranges allowed to send calls. */
            allowedIps: (string)[];
            /** @description Numbers (E.164) routed through this trunk. */
            phoneNumbers: string[];
            /** @description Accept inbound calls. */
            inboundEnabled: boolean;
            /** @description Allow outbound calls. */
            outboundEnabled: boolean;
            /** @description Whether a password is set. Read-only. */
            readonly hasPassword: boolean;
        };
        Problem: {
            /** @description Stable identifier of the kind of error. */
            type: string;
            /** @description The name of the status, such as Validation Error or Forbidden Error. */
            title: string;
            /** @description The HTTP status of the answer. */
            status: number;
            /** @description What went wrong and how to fix it. */
            detail: string;
            /** @description The problems found in the request body (validation errors), at most 50. */
            errors?: {
                /** @description JSON Pointer to the offending part of the body. */
                pointer: string;
                message: string;
            }[];
            /** @description How many problems were found beyond those listed in `errors` (which lists at most 50); absent when all are listed. */
            moreErrors?: number;
            /**
             * @description The check stopped early once it had found enough problems to list, so the body may hold more than `errors` and `moreErrors` count; absent when the whole body was checked.
             * @enum {boolean}
             */
            checkStopped?: true;
        };
        /** @description An empty JSON object. */
        EmptyObject: Record<string, never>;
        Schema: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /** @description A locked schema cannot be changed or deleted. Read-only. */
            readonly isLocked: boolean;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * @description Display name.
             * @example Appointment request
             */
            name: string;
            /**
             * @description Kind of schema; "Free" is the only kind known.
             * @enum {string}
             */
            type: "Free";
            /** @description What is extracted. */
            description: string;
            /**
             * @description Map from a property name to its type name.
             * @example {
             *       "summary": "string",
             *       "callbackRequested": "boolean"
             *     }
             */
            properties: {
                [key: string]: "string" | "integer" | "number" | "boolean";
            };
        };
        Tool: components["schemas"]["FunctionTool"] | components["schemas"]["ApiRequestTool"] | components["schemas"]["TransferCallTool"] | components["schemas"]["EndCallTool"];
        /** @description A function the model calls: the platform sends the arguments to `url`. */
        FunctionTool: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /** @enum {string} */
            type: "function";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. */
            description: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters: {
                /** @enum {string} */
                type: "object";
                properties: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                required: string[];
            };
            /** Format: uri */
            url: string;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination: null;
        };
        /** @description An HTTP request to `url` with `method` and `headers`. */
        ApiRequestTool: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /** @enum {string} */
            type: "apiRequest";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. */
            description: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters: {
                /** @enum {string} */
                type: "object";
                properties: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                required: string[];
            };
            /** Format: uri */
            url: string;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination: null;
        };
        /** @description Transfers the call to `destination`. */
        TransferCallTool: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /** @enum {string} */
            type: "transferCall";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. */
            description: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters: {
                /** @enum {string} */
                type: "object";
                properties: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                required: string[];
            };
            /** @description Not used by this type: null, or leave it out (it calls no endpoint). */
            url: null;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds: number;
            /** @description Where the call is transferred to: an E.164 number or a sip: URI. */
            destination: string;
        };
        /** @description Ends the call. */
        EndCallTool: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /** @enum {string} */
            type: "endCall";
            /**
             * @description Name the model calls the tool by; unique in the organization.
             * @example lookup_order
             */
            name: string;
            /** @description What the tool does, for the model. */
            description: string;
            /** @description JSON Schema (an object schema) of the arguments the tool takes. */
            parameters: {
                /** @enum {string} */
                type: "object";
                properties: {
                    [key: string]: {
                        /** @enum {string} */
                        type: "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
                        description?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
                required: string[];
            };
            /** @description Not used by this type: null, or leave it out (it calls no endpoint). */
            url: null;
            /**
             * @description HTTP method for `url`.
             * @enum {string}
             */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Headers sent to `url`. */
            headers: {
                [key: string]: string;
            };
            /** @description How long to wait for `url`. */
            timeoutSeconds: number;
            /** @description Not used by this type: null, or leave it out (only transferCall tools transfer). */
            destination: null;
        };
        Assistant: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * @description Display name.
             * @example Front desk
             */
            name: string;
            /** @description What the assistant says first; null waits for the caller. */
            firstMessage: string | null;
            /** @description Instructions for the model. */
            systemPrompt: string;
            /** @description Language model that drives the conversation. */
            model: {
                /** @example openai */
                provider: string;
                /** @example gpt-4o-mini */
                name: string;
                temperature: number;
            };
            /** @description Text-to-speech voice. */
            voice: {
                /** @example elevenlabs */
                provider: string;
                /** @example rachel */
                voiceId: string;
            } | null;
            /** @description Language tag (the common part of BCP-47): 2 or 3 small letters, then subtags of 2 to 8 letters or digits, such as en-US or zh-Hant-TW. */
            language: string;
            /** @description Longest call, in seconds. */
            maxDurationSeconds: number;
            /** @description Ids of tools of your organization. */
            toolIds: string[];
            /**
             * Format: uuid
             * @description Id of a structured-output schema of your organization, or null.
             */
            schemaId: string | null;
            /**
             * Format: uuid
             * @description Id of a SIP trunk of your organization, or null.
             */
            sipTrunkId: string | null;
            /** @description Your own flat key/value data (strings, numbers, booleans, null). */
            metadata: {
                [key: string]: string | number | boolean | null;
            };
        };
        Webhook: {
            /**
             * Format: uuid
             * @description Identifier (UUID), set by the server.
             * @example 3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c
             */
            id: string;
            /**
             * Format: date-time
             * @description When the record was created (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the record last changed (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: uri
             * @description Receiver URL: https, or plain http only for this machine (localhost, 127.0.0.0/8, [::1]).
             * @example https://hooks.example.com/voice
             */
            url: string;
            /**
             * @description Events delivered to this webhook.
             * @example [
             *       "call.ended"
             *     ]
             */
            events: ("call.started" | "call.ended" | "call.analyzed")[];
            /** @description Free text. */
            description: string;
            /**
             * Format: uuid
             * @description Id of an assistant (only its calls), or null for all assistants of your organization, or null.
             */
            assistantId: string | null;
            /** @description Signing secret: whole in the create response, masked (whsec_********abcd) afterwards. */
            secret: string;
            /** @description Deliveries happen only while enabled. */
            enabled: boolean;
        };
        SimulatedCall: {
            id: string;
            orgId: string;
            assistantId: string;
            /** @description The caller: an E.164 number or a sip: URI. */
            from: string;
            /** @description Who was called: an E.164 number or a sip: URI. */
            to: string;
            durationSeconds: number;
            /**
             * Format: date-time
             * @example 2026-01-05T09:30:00.000Z
             */
            startedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-05T09:30:00.000Z
             */
            endedAt: string;
            events: components["schemas"]["WebhookEvent"][];
            /** @description The deliveries the events created, after their first attempts. */
            deliveries: components["schemas"]["Delivery"][];
        };
        WebhookEvent: {
            id: string;
            /** @enum {string} */
            event: "call.started" | "call.ended" | "call.analyzed";
            /**
             * Format: date-time
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /** @description The call's facts known at the event (README: What a delivery sends). */
            data: {
                [key: string]: unknown;
            };
        };
        Delivery: {
            id: string;
            orgId: string;
            /** @description The simulated call the event is of. */
            callId: string;
            /** @description The `id` of the event the delivery sends. */
            eventId: string;
            /** @enum {string} */
            event: "call.started" | "call.ended" | "call.analyzed";
            webhookId: string;
            /** @description Where it is sent: the webhook's URL when the delivery was created. */
            url: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            attempts: components["schemas"]["DeliveryAttempt"][];
            /**
             * Format: date-time
             * @description When the next attempt is due, by the mock's clock; null once delivered or failed.
             * @example 2026-01-05T09:30:00.000Z
             */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-05T09:30:00.000Z
             */
            createdAt: string;
            /** @description Why a failed delivery stopped (attempts used up, webhook deleted or disabled, target refused). */
            reason: string | null;
        };
        DeliveryAttempt: {
            /**
             * Format: date-time
             * @description When the attempt was made, by the mock's clock; with the clock frozen, when it was due.
             * @example 2026-01-05T09:30:00.000Z
             */
            at: string;
            /** @description The receiver's status; null when no answer came (network error, time limit). */
            statusCode: number | null;
            /** @description Why the attempt failed; null when it succeeded. */
            error: string | null;
            /** @description The first 200 characters of the receiver's answer, to see why it refused. */
            response: string | null;
        };
        /** @description Emits call.started, call.ended and call.analyzed and delivers them to the organization’s webhooks. */
        SimulateCallRequest: {
            /** @description An organization id (GET /__mock/tenants lists them). */
            orgId: string;
            /** @description An assistant of that organization. */
            assistantId: string;
            /** @description Default: seeded, within the assistant’s maxDurationSeconds. */
            durationSeconds?: number;
            /**
             * @description The caller. Default: a seeded +1415555… number.
             * @example +14155550123
             */
            from?: string;
            /**
             * @description The number called. Default: the first number of the assistant’s SIP trunk.
             * @example +14155550123
             */
            to?: string;
        };
        Organizations: {
            organizations: components["schemas"]["Tenant"][];
        };
        Tenant: {
            /** @description An organization id (GET /__mock/tenants lists them). */
            id: string;
            name: string;
            /** @description The bearer token of its API requests. */
            token: string;
        };
        /** @description Without orgId: the whole mock; with it: that organization alone. */
        ResetRequest: {
            /**
             * @description A scenario of fixtures/.
             * @enum {string}
             */
            scenario?: "default" | "empty" | "team";
            /** @description Seed of the generated data. */
            seed?: number;
            /** @description An organization id (GET /__mock/tenants lists them). */
            orgId?: string;
        };
        TenantRequest: {
            /**
             * @description `empty` (default), or a scenario whose first organization is copied.
             * @enum {string}
             */
            scenario?: "default" | "empty" | "team";
            /** @description Seed of the generated data. */
            seed?: number;
            name?: string;
        };
        Done: Record<string, never>;
        /** @description The state of the mock, or of one organization: organizations with their tokens and records. */
        State: {
            /** @enum {string} */
            format: "voice-config-mock/state";
            /** @enum {number} */
            version: 1;
            savedAt?: string;
            organizations: {
                id: string;
                name: string;
                token: string;
                plan?: {
                    plan: {
                        name?: string;
                        token: string;
                        /** @default {} */
                        counts: {
                            sipTrunks?: number;
                            schemas?: number;
                            tools?: number;
                            assistants?: number;
                            webhooks?: number;
                        };
                        /** @default 0 */
                        systemTrunks: number;
                        /** @default [] */
                        lockedSchemas: components["schemas"]["SchemaCreate"][];
                        records?: {
                            sipTrunks?: ({
                                /** Format: uuid */
                                id?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                createdAt?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                updatedAt?: string;
                                isSystem?: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                            schemas?: ({
                                /** Format: uuid */
                                id?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                createdAt?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                updatedAt?: string;
                                isLocked?: boolean;
                            } & {
                                [key: string]: unknown;
                            })[];
                            tools?: ({
                                /** Format: uuid */
                                id?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                createdAt?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                updatedAt?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            assistants?: ({
                                /** Format: uuid */
                                id?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                createdAt?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                updatedAt?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            webhooks?: ({
                                /** Format: uuid */
                                id?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                createdAt?: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-01-05T09:30:00.000Z
                                 */
                                updatedAt?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                    seed: number | number[];
                };
                records: {
                    sipTrunks?: {
                        [key: string]: unknown;
                    }[];
                    schemas?: {
                        [key: string]: unknown;
                    }[];
                    tools?: {
                        [key: string]: unknown;
                    }[];
                    assistants?: {
                        [key: string]: unknown;
                    }[];
                    webhooks?: {
                        [key: string]: unknown;
                    }[];
                };
            }[];
            /** @default [] */
            telephony: {
                trunkId: string;
                orgId: string;
                host: string;
                port: number;
                transport: string;
                username: string | null;
                hasCredentials: boolean;
                allowedIps: string[];
                phoneNumbers: string[];
                inboundEnabled: boolean;
                outboundEnabled: boolean;
                revision: number;
                /**
                 * Format: date-time
                 * @example 2026-01-05T09:30:00.000Z
                 */
                provisionedAt: string;
            }[];
        };
        InjectRecordRequest: {
            /** @description An organization id (GET /__mock/tenants lists them). */
            orgId: string;
            /** @enum {string} */
            kind: "sipTrunks" | "schemas" | "tools" | "assistants" | "webhooks";
            /** @description Fields as a create takes them, plus id, flags and timestamps if you want them fixed. */
            record: {
                [key: string]: unknown;
            };
        };
        JournalPage: {
            /** @description Oldest first: the newest matching entries (older than `before`, if given), at most `limit` of them (default 100) and 1 MiB. */
            entries: components["schemas"]["JournalEntry"][];
            /** @description Pass it as `before` to get the page of older matching entries; null when there are none. */
            older: number | null;
        };
        JournalEntry: {
            /** @description Counts up from 1 as requests come; a clear does not start it again. */
            id: number;
            /**
             * Format: date-time
             * @description When it was answered, by the mock's clock (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            time: string;
            method: string;
            /** @description Without the query; over 2,048 characters, its first 2,048 and its length. */
            path: string;
            /** @description The query string with its `?`, or empty; over 2,048 characters, cut like the path. */
            query: string;
            /** @description The organization the token named; null when none did. */
            orgId: string | null;
            /** @description The status the mock answered. */
            status: number;
            /** @description How long the answer took. */
            durationMs: number;
            /** @description The request body as sent: the JSON object when it passed the reader's checks (up to 64 KiB), else text (over 4 KiB: its first 4 KiB and its length); null when none was read. */
            body: {
                [key: string]: unknown;
            } | string | null;
        };
        VerifyRequest: {
            method?: string;
            path?: string;
            /** @description Only what belongs to this organization. A filter: an unknown id matches nothing (an empty answer, not 404). */
            orgId?: string;
            status?: number;
        };
        Fault: {
            /** @enum {string} */
            target: "http" | "telephony";
            /** @description HTTP method, or provision/deprovision for telephony; any when absent. */
            method?: string;
            /**
             * @description Path pattern: * and :name match a segment, ** the rest; any when absent. An http fault matches API paths (`/api/v1/sip-trunks/:id`), a telephony fault `/telephony/<trunk id>`.
             * @example /api/v1/sip-trunks/:id
             */
            path?: string;
            /** @description Only requests of this organization (GET /__mock/tenants lists them). */
            orgId?: string;
            /** @description The status to answer instead of the real one (http faults). */
            status?: number;
            /** @description A fixed delay before the answer (http faults). */
            latencyMs?: number;
            /** @description A delay drawn between minMs and maxMs (http faults). */
            latency?: {
                minMs: number;
                maxMs: number;
            };
            /** @description Share of matching requests the fault applies to (default 1). */
            probability?: number;
            /** @description How many times it applies before it expires; forever when absent. */
            times?: number;
            /** @example fault-1 */
            id: string;
            /** @description Applications left (null: no end). */
            remaining: number | null;
            /** @description How many requests it has applied to. */
            applied: number;
        };
        FaultRequest: {
            /**
             * @description Default http.
             * @enum {string}
             */
            target?: "http" | "telephony";
            /** @description HTTP method, or provision/deprovision for telephony; any when absent. */
            method?: string;
            /**
             * @description Path pattern: * and :name match a segment, ** the rest; any when absent. An http fault matches API paths (`/api/v1/sip-trunks/:id`), a telephony fault `/telephony/<trunk id>`.
             * @example /api/v1/sip-trunks/:id
             */
            path?: string;
            /** @description Only requests of this organization (GET /__mock/tenants lists them). */
            orgId?: string;
            /** @description The status to answer instead of the real one (http faults). */
            status?: number;
            /** @description A fixed delay before the answer (http faults). */
            latencyMs?: number;
            /** @description A delay drawn between minMs and maxMs (http faults). */
            latency?: {
                minMs: number;
                maxMs: number;
            };
            /** @description Share of matching requests the fault applies to (default 1). */
            probability?: number;
            /** @description How many times it applies before it expires; forever when absent. */
            times?: number;
        };
        ClockState: {
            /**
             * Format: date-time
             * @description The mock time (ISO 8601, UTC).
             * @example 2026-01-05T09:30:00.000Z
             */
            now: string;
            /** @description Whether the clock stands still. */
            frozen: boolean;
        };
        /** @description Applied in this order: freezeAt, advanceMs, resume. */
        ClockRequest: {
            freezeAt?: string | "now";
            advanceMs?: number;
            /** @enum {boolean} */
            resume?: true;
        };
        /** @description A setup answers the organization of the interaction and every parameter as given, `id` being the id of the record made (a new UUID when the given one was not a UUID). A teardown answers `{}`. */
        ProviderStateValues: {
            /** @description The interaction's organization's token. */
            token: string;
            orgId: string;
        } & {
            [key: string]: unknown;
        };
        ProviderStateRequest: {
            /** @description The consumer whose pact is verified. */
            consumer?: string;
            /**
             * @description The state, as the pact names it; "" for an interaction without one.
             * @example a tool with id {id} exists
             */
            state: string;
            /** @description The state parameters from the pact. */
            params?: {
                [key: string]: unknown;
            };
            /**
             * @description Setup puts the state's records into the interaction's organization: the one of the request's bearer token (default `demo-token`), emptied at the interaction's first setup. Teardown gives that organization back what it held.
             * @default setup
             * @enum {string}
             */
            action: "setup" | "teardown";
        };
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        ControlIndex: {
            name: string;
            /** @description Path of the OpenAPI document. */
            openapi: string;
            /** @description Path of the reference page. */
            docs: string;
            operations: {
                method: string;
                path: string;
                summary: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listSipTrunks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SIP trunks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunk"][];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The new SIP trunk. Server-owned fields (id, isSystem, createdAt, updatedAt, hasPassword) are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Will and Sons PBX",
                 *       "host": "sip.astonishing-cauliflower.info",
                 *       "port": 5060,
                 *       "transport": "udp",
                 *       "username": "natalia54",
                 *       "password": "6wc_pa8x4NGxnBonMSmR",
                 *       "allowedIps": [
                 *         "74.13.98.28",
                 *         "31.181.133.0/24"
                 *       ],
                 *       "phoneNumbers": [
                 *         "+14698173665",
                 *         "+13704426099"
                 *       ],
                 *       "inboundEnabled": true,
                 *       "outboundEnabled": true
                 *     }
                 */
                "application/json": components["schemas"]["SipTrunkCreate"];
            };
        };
        responses: {
            /** @description The created SIP trunk. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunk"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization holds the most SIP trunks it may (Record Limit Reached). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider failed (a telephony fault is injected); nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The SIP trunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunk"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No SIP trunk with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description Send `{}` (the spec's example) or nothing; the mock does not read this body, so any other is ignored too. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Deleted; the body is an empty JSON object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The trunk is a system trunk (isSystem: true); system trunks cannot be deleted. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No SIP trunk with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider failed (a telephony fault is injected); nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSipTrunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Herman Group carrier",
                 *       "phoneNumbers": [
                 *         "+14754368196",
                 *         "+17965228089"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SipTrunkUpdate"];
            };
        };
        responses: {
            /** @description The updated SIP trunk. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunk"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No SIP trunk with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider failed (a telephony fault is injected); nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSchemas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schemas. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schema"][];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSchema: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The new schema. Server-owned fields (id, isLocked, createdAt, updatedAt) are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Support case details",
                 *       "type": "Free",
                 *       "description": "The support case details the caller gives, for Jenkins Group.",
                 *       "properties": {
                 *         "isUrgent": "boolean",
                 *         "followUpRequested": "boolean",
                 *         "callbackNumber": "string"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SchemaCreate"];
            };
        };
        responses: {
            /** @description The created schema. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schema"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization holds the most schemas it may (Record Limit Reached). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schema. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schema"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No schema with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description Send `{}` (the spec's example) or nothing; the mock does not read this body, so any other is ignored too. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Deleted; the body is an empty JSON object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The schema is locked (isLocked: true); locked schemas cannot be deleted. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No schema with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "The appointment details the caller gives, for Doyle LLC.",
                 *       "properties": {
                 *         "isUrgent": "boolean",
                 *         "customerName": "string"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SchemaUpdate"];
            };
        };
        responses: {
            /** @description The updated schema. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schema"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The schema is locked (isLocked: true); locked schemas cannot be changed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No schema with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTools: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tools. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"][];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createTool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The new tool. Server-owned fields (id, createdAt, updatedAt) are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "function",
                 *       "name": "book_account_8yzh0",
                 *       "description": "Books the caller's account.",
                 *       "parameters": {
                 *         "type": "object",
                 *         "properties": {
                 *           "accountId": {
                 *             "type": "string",
                 *             "description": "The account reference the caller gives."
                 *           }
                 *         },
                 *         "required": [
                 *           "accountId"
                 *         ]
                 *       },
                 *       "url": "https://api.astonishing-cauliflower.info/v1/accounts",
                 *       "method": "POST",
                 *       "headers": {
                 *         "X-Api-Key": "12d3Lt9HcxH0dUH1CEkPGfV3"
                 *       },
                 *       "timeoutSeconds": 10,
                 *       "destination": null
                 *     }
                 */
                "application/json": components["schemas"]["ToolCreate"];
            };
        };
        responses: {
            /** @description The created tool. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another tool already uses this name (Conflict), or the organization holds the most tools it may (Record Limit Reached). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tool. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No tool with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description Send `{}` (the spec's example) or nothing; the mock does not read this body, so any other is ignored too. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Deleted; the body is an empty JSON object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No tool with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Looks up the caller's account.",
                 *       "timeoutSeconds": 20
                 *     }
                 */
                "application/json": components["schemas"]["ToolUpdate"];
            };
        };
        responses: {
            /** @description The updated tool. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tool"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No tool with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Another tool already uses this name. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listAssistants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assistants. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assistant"][];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The new assistant. Server-owned fields (id, createdAt, updatedAt) are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Will and Sons booking agent",
                 *       "firstMessage": "Thanks for calling Will and Sons, how can I help you today?",
                 *       "systemPrompt": "You are the booking agent of Will and Sons. Help callers with baby questions and blockchains. Keep answers short and confirm details back to the caller.",
                 *       "model": {
                 *         "provider": "openai",
                 *         "name": "gpt-4o-mini",
                 *         "temperature": 0.2
                 *       },
                 *       "voice": {
                 *         "provider": "elevenlabs",
                 *         "voiceId": "rachel"
                 *       },
                 *       "language": "en-US",
                 *       "maxDurationSeconds": 300,
                 *       "toolIds": [],
                 *       "schemaId": null,
                 *       "sipTrunkId": null,
                 *       "metadata": {
                 *         "team": "Music",
                 *         "priority": 3
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AssistantCreate"];
            };
        };
        responses: {
            /** @description The created assistant. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assistant"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization holds the most assistants it may (Record Limit Reached). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The assistant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assistant"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No assistant with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description Send `{}` (the spec's example) or nothing; the mock does not read this body, so any other is ignored too. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Deleted; the body is an empty JSON object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The assistant does not exist in your organization. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateAssistant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "firstMessage": "Thanks for calling Lockman - Fahey, how can I help you today?",
                 *       "maxDurationSeconds": 900
                 *     }
                 */
                "application/json": components["schemas"]["AssistantUpdate"];
            };
        };
        responses: {
            /** @description The updated assistant. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assistant"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No assistant with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhooks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"][];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The new webhook. Server-owned fields (id, createdAt, updatedAt) are ignored. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://musty-impostor.com/webhooks/voice",
                 *       "events": [
                 *         "call.ended",
                 *         "call.started",
                 *         "call.analyzed"
                 *       ],
                 *       "description": "benchmark compelling interfaces (Consuelo's receiver)",
                 *       "assistantId": null,
                 *       "secret": "whsec_3Lt9HcxH0dUH1CEkPGfV3c6tpVOlkiPg",
                 *       "enabled": false
                 *     }
                 */
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description The created webhook. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization holds the most webhooks it may (Record Limit Reached). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No webhook with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description Send `{}` (the spec's example) or nothing; the mock does not read this body, so any other is ignored too. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": unknown;
            };
        };
        responses: {
            /** @description Deleted; the body is an empty JSON object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No webhook with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description The fields to change. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "events": [
                 *         "call.ended",
                 *         "call.analyzed"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description The updated webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not valid; `errors` lists every problem with its location. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The bearer token is missing, malformed or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No webhook with this id in your organization. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the limit (1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as application/json. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulateCallRequest"];
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulatedCall"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No organization with this orgId, or no assistant with this assistantId in it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description At the mock’s clock the call would start before the earliest time the mock writes (year 0000); move the clock later. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listOutbox: {
        parameters: {
            query?: {
                /** @description Only what belongs to this organization. A filter: an unknown id matches nothing (an empty answer, not 404). */
                orgId?: string;
                webhookId?: string;
                callId?: string;
                event?: "call.started" | "call.ended" | "call.analyzed";
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Oldest first. */
                        deliveries: components["schemas"]["Delivery"][];
                    };
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    clearOutbox: {
        parameters: {
            query?: {
                /** @description Only what belongs to this organization. A filter: an unknown id matches nothing (an empty answer, not 404). */
                orgId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many deliveries were forgotten. */
                        removed: number;
                    };
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    flushOutbox: {
        parameters: {
            query?: {
                /** @description Only what belongs to this organization. A filter: an unknown id matches nothing (an empty answer, not 404). */
                orgId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Oldest first. */
                        deliveries: components["schemas"]["Delivery"][];
                    };
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resetMock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ResetRequest"];
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizations"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No organization with this orgId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider failed to provision a seeded SIP trunk of the organization (a reset with orgId only) (an injected telephony fault); nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"][];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TenantRequest"];
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tenant"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider failed to provision a SIP trunk of the scenario's seed (an injected telephony fault); nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Organization id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No organization with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportState: {
        parameters: {
            query?: {
                /** @description An organization id (GET /__mock/tenants lists them). */
                orgId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["State"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No organization with this orgId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importState: {
        parameters: {
            query?: {
                /** @description An organization id (GET /__mock/tenants lists them). */
                orgId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["State"];
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organizations"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The snapshot holds an organization twice, gives one token to two organizations, or gives a token another organization (one that stays) already holds. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    injectRecord: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InjectRecordRequest"];
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SipTrunk"] | components["schemas"]["Schema"] | components["schemas"]["FunctionTool"] | components["schemas"]["ApiRequestTool"] | components["schemas"]["TransferCallTool"] | components["schemas"]["EndCallTool"] | components["schemas"]["Assistant"] | components["schemas"]["Webhook"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No organization with this orgId. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The organization already has a record of this kind with this id, another record already uses a value that must be unique, the organization holds the most records of this kind it may, or (a SIP trunk) another organization holds this id at the telephony provider. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider failed to provision the SIP trunk (kind sipTrunks) (an injected telephony fault); nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTelephonyConfigurations: {
        parameters: {
            query?: {
                /** @description Only what belongs to this organization. A filter: an unknown id matches nothing (an empty answer, not 404). */
                orgId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trunkId: string;
                        orgId: string;
                        host: string;
                        port: number;
                        transport: string;
                        username: string | null;
                        hasCredentials: boolean;
                        allowedIps: string[];
                        phoneNumbers: string[];
                        inboundEnabled: boolean;
                        outboundEnabled: boolean;
                        revision: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-05T09:30:00.000Z
                         */
                        provisionedAt: string;
                    }[];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTelephonyConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description SIP trunk id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trunkId: string;
                        orgId: string;
                        host: string;
                        port: number;
                        transport: string;
                        username: string | null;
                        hasCredentials: boolean;
                        allowedIps: string[];
                        phoneNumbers: string[];
                        inboundEnabled: boolean;
                        outboundEnabled: boolean;
                        revision: number;
                        /**
                         * Format: date-time
                         * @example 2026-01-05T09:30:00.000Z
                         */
                        provisionedAt: string;
                    };
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider holds no configuration for this trunk id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listJournal: {
        parameters: {
            query?: {
                method?: string;
                path?: string;
                /** @description Only what belongs to this organization. A filter: an unknown id matches nothing (an empty answer, not 404). */
                orgId?: string;
                status?: number;
                /** @description Most entries in the page (default 100); a page also ends before its entries pass 1 MiB. */
                limit?: number;
                /** @description Only entries older than the one with this id: the `older` of the page before. */
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalPage"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request journal is off (the mock runs with --journal-size 0, or journalLimit: 0). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    clearJournal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    verifyRequests: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["VerifyRequest"];
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many recorded requests match, counted without reading their bodies. */
                        count: number;
                        /** @description Oldest first: the newest matching entries (older than `before`, if given), at most `limit` of them (default 100) and 1 MiB. */
                        entries: components["schemas"]["JournalEntry"][];
                        /** @description Pass it as `before` to get the page of older matching entries; null when there are none. */
                        older: number | null;
                    };
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request journal is off (the mock runs with --journal-size 0, or journalLimit: 0). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"][];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultRequest"];
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteFault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Fault id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No active fault with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ClockRequest"];
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockState"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    changeProviderState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProviderStateRequest"];
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderStateValues"] | components["schemas"]["Done"];
                };
            };
            /** @description The request is not valid; `errors` lists every problem. Or: The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The interaction’s organization already has a record of this kind with this id (a state set up twice with one id). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is larger than the body limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is not sent as JSON (Content-Type: application/json). */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Only with a state file (`--state-file`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The telephony provider failed to provision a SIP trunk the state sets up (an injected telephony fault); nothing was changed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mock serves. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The request could not be read (a malformed request line or Host header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listControlOperations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ControlIndex"];
                };
            };
            /** @description The Host header is not a host name. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The control token is missing or wrong (only when the mock runs with one). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
