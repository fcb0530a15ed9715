import type { ComponentType } from 'react';
import { App as AntApp } from 'antd';

/**
 * `Page` inside antd's App, whose context `App.useApp()` (message, modal) needs. Loaded with the
 * pages that use it (router.tsx `page(…, { feedback: true })`), not at the root: its notification
 * and modal code (~15 KB gzip) stays off the other pages' first load (docs/requirements/workflow.md#clear-states-and-fast-pages).
 */
export function withFeedback(Page: ComponentType): ComponentType {
  return function FeedbackScope() {
    return <AntApp component={false}><Page /></AntApp>;
  };
}
