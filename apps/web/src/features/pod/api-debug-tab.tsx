import { TabPlaceholder } from './tab-placeholder';

/** The API Debug tab (spec 002 §2 "API Debug tab", §7 Debug tab GETs): a placeholder until it is built. */
export function ApiDebugTab() {
  return <TabPlaceholder title="API Debug" will="it will check every API endpoint and show which answer, grouped by resource, with tips when they do not." />;
}
