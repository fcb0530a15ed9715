import { ComingSoonPage } from '../../components/coming-soon-page';

/** Account (issue 11). */
export function AccountPage() {
  return <ComingSoonPage title="Account" />;
}
