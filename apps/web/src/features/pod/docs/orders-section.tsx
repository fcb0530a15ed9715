import { Tabs, Tag, Typography } from 'antd';
import type { SectionCalls } from './doc-sections';
import { SAMPLE_COSTS } from './docs-constants';
import { OperationList } from './operation-list';
import type { DocsSource } from './operation-view';
import { orderStatus } from './order-status';

const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const { Paragraph, Text } = Typography;

/**
 * The On-Demand Orders section (docs/requirements/print-on-demand-api.md#screens Order, §4, §9): the lifecycle (orders start
 * 'pending', then the status description and values the document gives, cancellable while pending or
 * rendered), tabs 'Mailing Orders' and 'Reinforcement Orders' — each with its sample cost (1.25 and
 * 0.25 USD) and its calls — and then the calls every order shares (list, read, cancel).
 */
export function OrdersSection({ source, calls }: { source: DocsSource; calls: SectionCalls }) {
  const mailing = calls('orders', 'mailing');
  const status = orderStatus(source.doc, mailing.find((op) => op.method === 'POST'));
  const tab = (what: string, cost: number, kind: 'mailing' | 'reinforcement') => (
    <div className="pod-docs-section">
      <Paragraph>
        {what} <Text strong>Sample cost: {dollars(cost)}</Text> <Text type="secondary">per order (the price of each order is in its{' '}
        <Text code>cost</Text> field; test-key orders are never charged).</Text>
      </Paragraph>
      <OperationList operations={calls('orders', kind)} source={source} />
    </div>
  );
  return (
    <div className="pod-docs-section">
      <Paragraph>
        An order prints and mails one personalised piece for one recipient — an existing one from a mailing list
        (<Text code>recipientId</Text>) or one sent with the order (<Text code>recipientData</Text>). Every order starts as{' '}
        <Tag>pending</Tag> and moves on as it is produced: {status.description}. An order can be cancelled while it is pending or
        rendered.
      </Paragraph>
      <Paragraph className="pod-docs-statuses">
        <Text type="secondary">Statuses: </Text>{status.values.map((s) => <Tag key={s}>{s}</Tag>)}
      </Paragraph>
      <Tabs items={[
        { key: 'mailing', label: 'Mailing Orders', children: tab('A mailing order prints and mails the project\'s main design to the recipient.', SAMPLE_COSTS.mailing, 'mailing') },
        {
          key: 'reinforcement', label: 'Reinforcement Orders',
          children: tab('A reinforcement order follows a mailing up with one of the project\'s reinforcement designs (1–3 per order): a printed image or a digital follow-up.', SAMPLE_COSTS.reinforcement, 'reinforcement'),
        },
      ]} />
      <h5>Every order</h5>
      <OperationList operations={calls('orders')} source={source} />
    </div>
  );
}
