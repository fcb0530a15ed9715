import { ComingSoonPage } from '../../../components/coming-soon-page';

/** Sample templates (issue 11). */
export function AdminSampleTemplatesPage() {
  return <ComingSoonPage title="Sample templates" />;
}
