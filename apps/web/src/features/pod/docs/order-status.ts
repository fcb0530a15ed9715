import { flattenSchema, type OpenApiDocument } from './openapi';
import type { ApiOperation } from './operations';

/** The order lifecycle when the document does not describe it (packages/shared ORDER_STATUSES). */
const FALLBACK = { description: 'pending → rendered → printed → mailed; cancelled; failed', values: ['pending', 'rendered', 'printed', 'mailed', 'cancelled', 'failed'] };

/**
 * The order `status` field as the document describes it (docs/requirements/print-on-demand-api.md#order: 'pending' on
 * creation): its description and enum values, read from the schema of an order call's success
 * answer (`orderCall`, e.g. POST /api/orders/mailing), else `components.schemas.Order`, else the
 * lifecycle the server is built with.
 */
export function orderStatus(doc: OpenApiDocument, orderCall?: ApiOperation): { description: string; values: string[] } {
  const answer = orderCall?.responses.find((r) => r.status.startsWith('2'))?.schema;
  const order = flattenSchema(doc, answer ?? doc.components?.schemas?.Order);
  const status = order.properties?.status ? flattenSchema(doc, order.properties.status) : undefined;
  if (!status) return FALLBACK;
  return {
    description: status.description ?? FALLBACK.description,
    values: status.enum?.map(String) ?? FALLBACK.values,
  };
}
