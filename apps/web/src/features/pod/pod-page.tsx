import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Skeleton, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { UpgradeBanner } from '../subscriptions/upgrade-banner';
import { useFeature } from '../subscriptions/use-feature';
import { ApiAccessRestricted } from './api-access-restricted';
import { ApiDebugTab } from './api-debug-tab';
import { ApiKeysTab } from './api-keys-tab';
import { DocumentationTab } from './documentation-tab';
import { OrderEntryTab } from './order-entry-tab';
import { POD_TABS, podTabFrom, podTabHref, type PodTab } from './pod-tabs';
import { TestApiTab } from './test-api-tab';
import './pod.css';

const PANELS: Record<PodTab, () => ReactNode> = {
  orders: () => <OrderEntryTab />,
  'api-keys': () => <ApiKeysTab />,
  documentation: () => <DocumentationTab />,
  test: () => <TestApiTab />,
  debug: () => <ApiDebugTab />,
};

/**
 * /pod, /pod/api-keys, /pod/documentation, /pod/test and /pod?tab=debug — the Print on Demand API
 * page (spec 002 §1, §2, §6): 'Back to Dashboard' (→ /projects), a dismissible plan banner while
 * the plan lacks `api`, and the tabs Order Entry (default), API Keys, Documentation, Test API and
 * API Debug; the address picks the tab and switching tabs changes the address. Without `api`,
 * every tab but Documentation and API Debug shows 'API Access Restricted' instead.
 */
export function PodPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const access = useFeature('api');
  const active = podTabFrom(pathname, search);
  const panel = (tab: (typeof POD_TABS)[number]) => {
    if (!tab.gated) return PANELS[tab.key]();
    if (access.loading) return <Skeleton active paragraph={{ rows: 4 }} />;
    return access.allowed ? PANELS[tab.key]() : <ApiAccessRestricted plan={access.plan} />;
  };
  return (
    <div className="pod-page">
      <div className="pod-header">
        <Typography.Title level={2}>Print on Demand API</Typography.Title>
        <Button icon={<ArrowLeftOutlined />} aria-label="Back to Dashboard" onClick={() => navigate('/projects')}>Back to Dashboard</Button>
      </div>
      <UpgradeBanner feature="api" action="API keys or place orders through the API" />
      <Tabs activeKey={active} onChange={(key) => navigate(podTabHref(key as PodTab))}
        items={POD_TABS.map((t) => ({ key: t.key, label: t.label, children: panel(t) }))} />
    </div>
  );
}
