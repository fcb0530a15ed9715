import { TabPlaceholder } from './tab-placeholder';

/** The Documentation tab (spec 002 §2 "Documentation tab", §7 documented API): a placeholder until it is built. */
export function DocumentationTab() {
  return <TabPlaceholder title="Documentation" will="it will document the API — authentication, projects, templates, mailing lists, addresses, orders and errors — with examples to copy." />;
}
