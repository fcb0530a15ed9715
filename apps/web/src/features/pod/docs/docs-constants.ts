/** Where the web server hands out the public API's OpenAPI 3.1 document (no key needed; apps/server app.ts `isKeyedApiRequest`). */
export const OPENAPI_DOCUMENT_PATH = '/api/docs/json';

/** The interactive reference (Swagger UI) of the same document, on the same origin. */
export const INTERACTIVE_REFERENCE_PATH = '/api/docs';

/** Where API users write for help (docs/requirements/print-on-demand-api.md#screens "Support contact"; a placeholder address until support has one). */
export const SUPPORT_EMAIL = 'support@mailcraft.example';

/** The sample costs the documentation shows, US dollars per order (docs/requirements/print-on-demand-api.md#limits). */
export const SAMPLE_COSTS = { mailing: 1.25, reinforcement: 0.25 } as const;
