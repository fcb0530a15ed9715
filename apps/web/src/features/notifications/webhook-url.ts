import { NOTIFICATION_SCAN_FIELDS, type TNotification } from '@mailcraft/shared';
import type { TWebhookTest } from './notifications-api';

/** A webhook notification's `variable_mapping` (docs/requirements/maps.md#data): body fields, URL variables, static parameters. */
export type WebhookMapping = NonNullable<TNotification['variable_mapping']>;

/** An empty mapping: no fields, variables or static parameters. */
export const emptyMapping = (): WebhookMapping => ({ selectedFields: [], variables: [], staticParams: [] });

const scanFields: readonly string[] = NOTIFICATION_SCAN_FIELDS;

/** Example values of the record and scan fields, used by 'Test Webhook' (no real record is read). */
const SAMPLE_VALUES: Record<string, string> = {
  first_name: 'Jane', middle_name: 'Q', last_name: 'Doe', full_name: 'Jane Doe', company_name: 'Acme Inc', company: 'Acme Inc',
  email: 'jane.doe@example.com', phone: '555-123-4567', cell_phone: '555-987-6543', address: '123 Main St', address_2: 'Apt 4',
  city: 'Springfield', state: 'IL', zip: '62701', city_state_zip: 'Springfield, IL 62701', record_id: '1', sequence: '1',
  distance: '1609', duration: '300', map_image: 'https://example.com/map.png',
  scan_location: 'Springfield, IL, US', scan_ip: '203.0.113.10', scan_user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', scan_count: '1',
};

/** The sample value of `field` ('scan_timestamp' is the current time, ISO 8601). */
export function sampleValue(field: string): string {
  if (field === 'scan_timestamp') return new Date().toISOString();
  return SAMPLE_VALUES[field] ?? `Sample ${field.replace(/_/g, ' ')}`;
}


/** Static parameters that are stored: a name (already cleaned to [a-z0-9_-]) and a non-empty value (docs/requirements/qr-codes.md#rules). */
export const keptStaticParams = (m: WebhookMapping) => m.staticParams.filter((p) => p.name && p.value !== '');
/** URL variables that are complete: a field and a parameter name. */
export const keptVariables = (m: WebhookMapping) => m.variables.filter((v) => v.field && v.param);

/**
 * The composed webhook URL (docs/requirements/qr-codes.md#rules "Test needs a composed URL"): the endpoint followed by
 * `name=value` for each static parameter and `param={{field}}` for each variable — or, with
 * `value`, the field's value URL-encoded. '' while the endpoint is empty.
 */
export function composeWebhookUrl(endpoint: string, mapping: WebhookMapping, value?: (field: string) => string): string {
  const base = endpoint.trim();
  if (!base) return '';
  const parts = [
    ...keptStaticParams(mapping).map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`),
    ...keptVariables(mapping).map((v) => `${encodeURIComponent(v.param)}=${value ? encodeURIComponent(value(v.field)) : `{{${v.field}}}`}`),
  ];
  if (parts.length === 0) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${parts.join('&')}`;
}

/**
 * The POST /api/notifications/webhook/test body for a webhook: the URL composed with sample
 * values, the selected and URL record fields with sample values, every scan field, and the
 * secret of a saved webhook (so the test is signed as real deliveries are).
 */
export function webhookTestBody(endpoint: string, mapping: WebhookMapping, secretKey?: string | null): TWebhookTest {
  const fields = [...new Set([...mapping.selectedFields, ...keptVariables(mapping).map((v) => v.field)])];
  return {
    endpointUrl: composeWebhookUrl(endpoint, mapping, sampleValue),
    mailingListFields: Object.fromEntries(fields.filter((f) => !scanFields.includes(f)).map((f) => [f, sampleValue(f)])),
    scanData: Object.fromEntries(scanFields.map((f) => [f, sampleValue(f)])),
    ...(secretKey ? { secretKey } : {}),
  };
}
