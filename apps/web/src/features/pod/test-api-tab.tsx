import { TabPlaceholder } from './tab-placeholder';

/** The Test API tab (spec 002 §2 "Test API tab", §7 Test API): a placeholder until it is built. */
export function TestApiTab() {
  return <TabPlaceholder title="Test API" will="it will send any request to the API with one of your keys and show the status, the time taken and the response." />;
}
