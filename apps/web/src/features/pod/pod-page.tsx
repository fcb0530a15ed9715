import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Skeleton, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { UpgradeBanner } from '../subscriptions/upgrade-banner';
import { useFeature } from '../subscriptions/use-feature';
import { ApiAccessRestricted } from './api-access-restricted';
import { POD_TABS, podTabFrom, podTabHref, type PodTab } from './pod-tabs';
import './pod.css';

/** A tab's code, loaded when the tab first opens: the page's first load carries only the open tab (docs/requirements/workflow.md#clear-states-and-fast-pages, ≤ 300 KB gzip). */
const tabPanel = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => lazy(async () => ({ default: pick(await load()) }));
const PANELS: Record<PodTab, ComponentType> = {
  orders: tabPanel(() => import('./order-entry-tab'), (m) => m.OrderEntryTab),
  'api-keys': tabPanel(() => import('./api-keys-tab'), (m) => m.ApiKeysTab),
  documentation: tabPanel(() => import('./documentation-tab'), (m) => m.DocumentationTab),
  test: tabPanel(() => import('./test-api-tab'), (m) => m.TestApiTab),
  debug: tabPanel(() => import('./api-debug-tab'), (m) => m.ApiDebugTab),
};
const loading = <Skeleton active paragraph={{ rows: 4 }} />;

/** The panel of `tab`, once its code is here. */
function TabPanel({ tab }: { tab: PodTab }) {
  const Panel = PANELS[tab];
  return <Suspense fallback={loading}><Panel /></Suspense>;
}

/**
 * /pod, /pod/api-keys, /pod/documentation, /pod/test and /pod?tab=debug — the Print on Demand API
 * page (docs/requirements/print-on-demand-api.md#api-access): 'Back to Dashboard' (→ /projects), a dismissible plan banner while
 * the plan lacks `api`, and the tabs Order Entry (default), API Keys, Documentation, Test API and
 * API Debug; the address picks the tab and switching tabs changes the address. Without `api`,
 * every tab but Documentation and API Debug shows 'API Access Restricted' instead. Each tab's code
 * loads when the tab first opens.
 */
export function PodPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const access = useFeature('api');
  const active = podTabFrom(pathname, search);
  const panel = (tab: (typeof POD_TABS)[number]) => {
    if (!tab.gated) return <TabPanel tab={tab.key} />;
    if (access.loading) return loading;
    return access.allowed ? <TabPanel tab={tab.key} /> : <ApiAccessRestricted plan={access.plan} />;
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
