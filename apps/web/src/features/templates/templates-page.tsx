import { ComingSoonPage } from '../../components/coming-soon-page';

/** Templates (issue 11). */
export function TemplatesPage() {
  return <ComingSoonPage title="Templates" />;
}
