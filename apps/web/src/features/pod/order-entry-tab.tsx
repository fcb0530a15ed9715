import { TabPlaceholder } from './tab-placeholder';

/** The Order Entry tab (spec 002 §2 "Order Entry tab", §4, §5): a placeholder until it is built. */
export function OrderEntryTab() {
  return <TabPlaceholder title="Order Entry" will="it will place an on-demand mailing or reinforcement order for a single recipient with one of your API keys." />;
}
