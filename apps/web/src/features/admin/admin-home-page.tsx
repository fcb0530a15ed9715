import { ComingSoonPage } from '../../components/coming-soon-page';

/** Administration (issue 11). */
export function AdminHomePage() {
  return <ComingSoonPage title="Administration" />;
}
