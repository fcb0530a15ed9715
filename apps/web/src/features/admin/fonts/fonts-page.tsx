import { ComingSoonPage } from '../../../components/coming-soon-page';

/** Fonts (issue 11). */
export function AdminFontsPage() {
  return <ComingSoonPage title="Fonts" />;
}
