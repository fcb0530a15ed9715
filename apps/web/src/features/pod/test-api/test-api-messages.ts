/**
 * What the Test API tab says (docs/requirements/print-on-demand-api.md#order-form-rules "Test API", §8 "Test API"): the three validation
 * messages, the fallback when an error answer carries no message, and the transport failure.
 * Kept here until the shared package holds them beside ORDER_MESSAGES.
 */
export const TEST_API_MESSAGES = {
  selectKey: 'Please select an API key',
  enterEndpoint: 'Please enter an API endpoint',
  invalidJson: 'Invalid JSON in request body',
  errorFallback: 'An error occurred',
  transportFailed: 'Failed to submit request',
} as const;
