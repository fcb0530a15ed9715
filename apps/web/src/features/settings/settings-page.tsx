import { Typography } from 'antd';
import { Link } from 'react-router';
import { Card } from '../../components/card';
import { useOutbox } from '../mail/outbox-api';

/**
 * /settings (spec 000 §2): the account's settings. Mail delivery says whether mail leaves through
 * SMTP or is kept in the Outbox (issue 8), with the link to it.
 */
export function SettingsPage() {
  const outbox = useOutbox();
  const kept = outbox.data?.delivery === 'outbox';
  return (
    <div className="page-narrow">
      <Typography.Title level={2}>Settings</Typography.Title>
      <Card title="Mail delivery">
        <Typography.Paragraph>
          {outbox.isPending ? 'Checking how mail is sent…'
            : kept ? 'No mail server is configured: SMS and email notifications are kept in the Outbox.'
              : 'Mail is sent through the configured SMTP server.'}
        </Typography.Paragraph>
        <Link to="/outbox">Open the Outbox</Link>
      </Card>
    </div>
  );
}
