import { ComingSoonPage } from '../../../components/coming-soon-page';

/** Effects (issue 11). */
export function AdminEffectsPage() {
  return <ComingSoonPage title="Effects" />;
}
