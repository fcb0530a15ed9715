import { Alert, Button, Input, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { SHORT_LINK_BASE_ENV } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { errorDetail } from '../../lib/api-client';
import { useOutbox } from '../outbox/outbox-api';
import { MailTrackingCard } from './mail-tracking-card';
import { PreferencesCard } from './preferences-card';
import { useSettings } from './settings-api';
import './settings.css';

/**
 * /settings (docs/requirements/workflow.md#route-table; docs/requirements/administration.md#administration): the user's preferences (defaults for new projects, time zone),
 * mail tracking (Mailer ID, Service Type ID and Barcode ID of assigned IMbs, docs/requirements/mail-tracking.md#imb-assignment), the short-link base URL the operator configured (read-only, with how it is set), and mail
 * delivery: whether mail leaves through SMTP or is kept in the Outbox (docs/requirements/notifications.md#notifications), with the link to it.
 */
export function SettingsPage() {
  const outbox = useOutbox();
  const settings = useSettings();
  const kept = outbox.data?.delivery === 'outbox';
  return (
    <div className="page-narrow">
      <Typography.Title level={2}>Settings</Typography.Title>
      {settings.data ? (
        <>
          <PreferencesCard settings={settings.data} />
          <MailTrackingCard settings={settings.data} />
          <Card title="Short links" className="settings-section">
            <label className="settings-form">
              Short-link base URL
              <Input value={settings.data.short_link_base_url} readOnly aria-readonly="true" />
            </label>
            <p className="settings-hint" style={{ marginTop: 8 }}>
              QR codes and short links start with this address. The operator of this server sets it with
              the <code>{SHORT_LINK_BASE_ENV}</code> environment variable (for example <code>{SHORT_LINK_BASE_ENV}=https://mail.example.com</code>) and restarts the server.
            </p>
          </Card>
        </>
      ) : settings.isError ? (
        <Alert className="settings-section" type="error" showIcon title={`Failed to load your settings: ${errorDetail(settings.error)}`}
          action={<Button size="small" onClick={() => void settings.refetch()}>Retry</Button>} />
      ) : (
        <Skeleton active />
      )}
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
