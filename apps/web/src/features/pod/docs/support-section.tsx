import { Typography } from 'antd';
import { SUPPORT_EMAIL } from './docs-constants';

/** The Support contact section (docs/requirements/print-on-demand-api.md#screens): whom to write to, and what to put in the message. */
export function SupportSection() {
  return (
    <div className="pod-docs-section">
      <Typography.Paragraph>
        Questions about the API, a call that fails in a way this page does not explain, or a print order that looks wrong? Email{' '}
        <Typography.Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Typography.Link>.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Say which call you made (method and path), when, and the error&apos;s <Typography.Text code>code</Typography.Text> and{' '}
        <Typography.Text code>message</Typography.Text>. Never send your API key: support does not need it.
      </Typography.Paragraph>
    </div>
  );
}
