import { useMemo, useState } from 'react';
import { Collapse } from 'antd';
import { AuthenticationSection } from './authentication-section';
import { groupOperations } from './doc-sections';
import { ErrorHandlingSection } from './error-handling-section';
import { OperationList } from './operation-list';
import type { DocsSource } from './operation-view';
import { listOperations } from './operations';
import { OrdersSection } from './orders-section';
import { SampleLanguageProvider } from './sample-language';
import { SupportSection } from './support-section';
import { useErrorAnchor } from './use-error-anchor';

/** The section open on arrival (docs/requirements/print-on-demand-api.md#screens: Authentication). */
const OPEN_FIRST = 'authentication';
const ERRORS = 'errors';

/**
 * The documentation generated from the public API's OpenAPI document (docs/requirements/print-on-demand-api.md#documentation-tab
 * tab, §7, §8): collapsible sections Authentication (open), Projects, Templates, Mailing Lists,
 * Addresses, On-Demand Orders, 'Other calls' (only when the document has calls no section claims),
 * Error Handling and Support contact. An address with an error anchor (the API's `doc_url`,
 * '#errors-not_found') opens Error Handling too and scrolls to that entry.
 */
export function ApiDocs({ source }: { source: DocsSource }) {
  const { calls } = useMemo(() => groupOperations(listOperations(source.doc)), [source.doc]);
  const [open, setOpen] = useState<string[]>([OPEN_FIRST]);
  const target = useErrorAnchor(open.includes(ERRORS));
  // Opened once per anchor (adjusting state while rendering): the reader may close it again.
  const [openedFor, setOpenedFor] = useState<string | undefined>(undefined);
  if (target && target !== openedFor) {
    setOpenedFor(target);
    if (!open.includes(ERRORS)) setOpen([...open, ERRORS]);
  }

  const list = (section: Parameters<typeof calls>[0]) => <OperationList operations={calls(section)} source={source} />;
  const items = [
    { key: OPEN_FIRST, label: 'Authentication', children: <AuthenticationSection source={source} calls={calls('authentication')} /> },
    { key: 'projects', label: 'Projects', children: list('projects') },
    { key: 'templates', label: 'Templates', children: list('templates') },
    { key: 'mailing-lists', label: 'Mailing Lists', children: list('mailing-lists') },
    { key: 'addresses', label: 'Addresses', children: list('addresses') },
    { key: 'orders', label: 'On-Demand Orders', children: <OrdersSection source={source} calls={calls} /> },
    ...(calls('other').length ? [{ key: 'other', label: 'Other calls', children: list('other') }] : []),
    { key: ERRORS, label: 'Error Handling', children: <ErrorHandlingSection baseUrl={source.baseUrl} target={target} /> },
    { key: 'support', label: 'Support contact', children: <SupportSection /> },
  ];
  return (
    <SampleLanguageProvider>
      <Collapse className="pod-docs" activeKey={open} onChange={(keys) => setOpen([keys].flat())} items={items} />
    </SampleLanguageProvider>
  );
}
