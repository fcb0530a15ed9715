import { NOTIFICATION_MESSAGES as M, splitRecipients } from '@mailcraft/shared';
import { failureText, testResultText } from './notification-draft';
import { useNotificationActions, type TEmailTest, type TSmsTest, type TWebhookTest } from './notifications-api';

/**
 * Test sends of the notification screen (docs/requirements/qr-codes.md#rules), shared by the forms and the saved
 * notifications' Test buttons. Each checks what the test needs first ('Phone number and carrier
 * are required', 'At least one valid recipient email is required', 'A composed webhook URL is
 * required'), then reports the server's answer ('Test SMS sent successfully' …) or its error text
 * (else 'Failed to send test SMS' …) through `report`. `pending` while one runs.
 */
export function useNotificationTest(projectId: string, listId: string, report: (text: string) => void) {
  const { testSms, testEmail, testWebhook } = useNotificationActions(projectId, listId);
  const run = async <B,>(send: (body: B) => Promise<{ message: string; outbox: boolean }>, body: B, ok: string, failed: string) => {
    try {
      report(testResultText(await send(body), ok));
    } catch (err) {
      report(failureText(err, failed));
    }
  };
  return {
    pending: testSms.isPending || testEmail.isPending || testWebhook.isPending,
    /** POST /api/notifications/sms/test. */
    sms: (body: TSmsTest) => (body.phoneNumber && body.carrierId
      ? run(testSms.mutateAsync, body, M.smsTested, M.testSmsFailed)
      : report(M.smsTestRequired)),
    /** POST /api/notifications/email/test; `recipients` comma-joined. */
    email: (body: TEmailTest) => (splitRecipients(body.recipients ?? '').length > 0
      ? run(testEmail.mutateAsync, body, M.emailTested, M.testEmailFailed)
      : report(M.emailTestRequired)),
    /** POST /api/notifications/webhook/test with the composed URL. */
    webhook: (body: TWebhookTest) => (body.endpointUrl
      ? run(testWebhook.mutateAsync, body, M.webhookTested, M.testWebhookFailed)
      : report(M.webhookTestRequired)),
  };
}
