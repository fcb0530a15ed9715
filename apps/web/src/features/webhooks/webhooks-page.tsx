import { useParams } from 'react-router';
import { Alert, Space, Spin, Typography } from 'antd';
import { Card } from '../../components/card';
import { WEBHOOK_MESSAGES } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import { useMailingList } from '../mailing-lists/mailing-lists-api';
import { UpgradeBanner } from '../subscriptions/upgrade-banner';
import { useFeature } from '../subscriptions/use-feature';
import { WebhookCard } from './webhook-card';
import { WebhookForm } from './webhook-form';
import { useWebhooks } from './webhooks-api';
import './webhooks.css';

/**
 * /webhooks/{listId} (docs/requirements/workflow.md#route-table "Webhook configuration"): the Add Webhook form and the list's
 * webhooks, with how to verify deliveries (Standard Webhooks). Without the plan's `webhooks` the
 * banner says the saved webhooks are paused (still listed, sending nothing) and links the upgrade.
 */
export function WebhooksPage() {
  const { listId = '' } = useParams();
  const hooks = useWebhooks(listId);
  const list = useMailingList(listId);
  const access = useFeature('webhooks');
  return (
    <div className="webhooks-page">
      <Typography.Title level={2}>Webhooks</Typography.Title>
      {list.data && <Typography.Paragraph type="secondary">Scans of {list.data.name}, and the delivery events of its mail pieces, are sent to these endpoints.</Typography.Paragraph>}
      <UpgradeBanner feature="webhooks" action="webhooks" paused={hooks.data?.length ? WEBHOOK_MESSAGES.pausedByPlan : undefined} />
      <div className="webhooks-layout">
        <div>
          {hooks.isPending && <Spin />}
          {hooks.isError && <Alert type="error" showIcon title={`${WEBHOOK_MESSAGES.fetchFailed}: ${errorDetail(hooks.error)}`} />}
          {hooks.data?.length === 0 && <Typography.Paragraph type="secondary">No webhooks yet.</Typography.Paragraph>}
          <Space direction="vertical" style={{ width: '100%' }}>
            {hooks.data?.map((h) => <WebhookCard key={h.id} hook={h} />)}
          </Space>
        </div>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Card><WebhookForm listId={listId} canSave={access.allowed} /></Card>
          <Card size="small" title="Verifying deliveries">
            <Typography.Paragraph>
              Every delivery is a POST signed as <a href="https://www.standardwebhooks.com" target="_blank" rel="noreferrer">Standard Webhooks</a> define:
              headers <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>. Verify with the
              {' '}<code>standardwebhooks</code> library and this webhook's secret, e.g. <code>new Webhook(secret).verify(body, headers)</code>.
              Failed deliveries are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; an endpoint answering 410 is turned off.
            </Typography.Paragraph>
          </Card>
        </Space>
      </div>
    </div>
  );
}
