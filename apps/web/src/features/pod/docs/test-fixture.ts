import fixture from './openapi-fixture.json';
import type { OpenApiDocument } from './openapi';

/**
 * A trimmed copy of the public API's real OpenAPI document (GET /api/docs/json of November 2026):
 * health, auth/verify, projects, mailing lists, recipients, addresses, mailing and reinforcement
 * orders; the template calls left out (an empty section), for the Documentation tab's tests.
 */
export const FIXTURE_DOC = fixture as unknown as OpenApiDocument;
