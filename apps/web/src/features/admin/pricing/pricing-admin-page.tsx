import { ComingSoonPage } from '../../../components/coming-soon-page';

/** Pricing administration (issue 11). */
export function AdminPricingPage() {
  return <ComingSoonPage title="Pricing administration" />;
}
