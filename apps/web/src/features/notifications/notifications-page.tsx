import { Link, useSearchParams } from 'react-router';
import { Alert, Collapse, Spin, Typography } from 'antd';
import { NOTIFICATION_MESSAGES as M, NOTIFICATION_TYPES, type NotificationType } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useMailingList } from '../mailing-lists/mailing-lists-api';
import { UpgradeBanner } from '../subscriptions/upgrade-banner';
import { useFeature } from '../subscriptions/use-feature';
import { TYPE_LABELS } from './notification-draft';
import { NotificationPanel } from './notification-panel';
import { useOutbox } from '../outbox/outbox-api';
import { useNotifications } from './notifications-api';
import './notifications.css';

/** The panels in the spec's order (docs/requirements/maps.md#screens): webhook, SMS, email. */
const PANEL_ORDER: NotificationType[] = ['webhook', 'sms', 'email'];

/**
 * /notifications?project={id}&listId={id} — the Notification Configuration screen (docs/requirements/maps.md#screens,
 * §4–§8): 'Configuring for list: {name}', the plan banner (without the `notifications` feature the
 * forms work but cannot save, and saved notifications are listed as paused: they send nothing), a note when mail is kept in the Outbox (no SMTP_URL), and three
 * collapsible panels, all open, for webhook, SMS and email notifications. Without both query
 * parameters it explains how to get here.
 */
export function NotificationsPage() {
  const [params] = useSearchParams();
  const project = params.get('project') ?? '';
  const listId = params.get('listId') ?? '';
  return (
    <div className="notifications-page">
      <Typography.Title level={2}>Notification Configuration</Typography.Title>
      {project && listId ? <NotificationsScreen project={project} listId={listId} /> : (
        <Alert type="info" showIcon title="Open notifications from a project"
          description={<>Notifications belong to a project's mailing list. Open a project, choose its list and continue past the QR Codes step. <Link to="/projects">Go to projects</Link></>} />
      )}
    </div>
  );
}

function NotificationsScreen({ project, listId }: { project: string; listId: string }) {
  const list = useMailingList(listId);
  const notifications = useNotifications(project, listId);
  const access = useFeature('notifications');
  const outbox = useOutbox();
  const byType = (type: NotificationType) => (notifications.data ?? []).filter((n) => n.type === type);
  return (
    <>
      {list.data && <Typography.Paragraph type="secondary">Configuring for list: {list.data.name}</Typography.Paragraph>}
      <Typography.Paragraph><Link to={`/qr?project=${encodeURIComponent(project)}&listId=${encodeURIComponent(listId)}`}>Back to QR Codes</Link></Typography.Paragraph>
      <UpgradeBanner feature="notifications" action="notifications" paused={notifications.data?.length ? M.pausedByPlan : undefined} />
      {outbox.data?.delivery === 'outbox' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }}
          title={<>No mail server is configured (SMTP_URL), so SMS and email notifications are kept in the Outbox instead of being sent. <Link to="/outbox">Open the Outbox</Link></>} />
      )}
      {notifications.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={M.loadListFailed} description={errorDetail(notifications.error)} />}
      {notifications.isPending ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : (
        <Collapse defaultActiveKey={[...NOTIFICATION_TYPES]} items={PANEL_ORDER.map((type) => ({
          key: type,
          label: `${TYPE_LABELS[type]} Notifications`,
          extra: <span className="notification-count">{byType(type).length}</span>,
          children: <NotificationPanel type={type} projectId={project} listId={listId} notifications={byType(type)} canSave={access.allowed} />,
        }))} />
      )}
    </>
  );
}
