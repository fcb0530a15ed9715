import { Button, Col, Row, Typography } from 'antd';
import { Card } from '../../components/card';
import { useNavigate } from 'react-router';
import { useAuth, redirectToLogin } from '../auth/auth-api';
import { OperatorSetupNotice } from '../auth/operator-setup-notice';

const FEATURES = [
  { title: 'Upload your mailing list', text: 'CSV, XLS or XLSX — mapped to standard address fields automatically.' },
  { title: 'Design the mail piece', text: 'Postcards and self-mailers in a visual designer with merge fields and your permit indicia.' },
  { title: 'Personalise every piece', text: 'Tracking QR codes and route maps per recipient, so every scan comes back as activity.' },
  { title: 'Print-ready PDFs', text: 'One personalised mail piece per record, ready for the press.' },
];

/** Public home page (docs/requirements/workflow.md#route-table "/"): what the product does, and the way to sign in. */
export function HomePage() {
  const { authenticated } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="home">
      <section className="hero">
        <Typography.Title>Personalised direct mail, from list to press</Typography.Title>
        <Typography.Paragraph className="lead">
          Mailcraft turns your mailing list into print-ready postcards and self-mailers — every piece personalised
          with the recipient’s name, address, tracking QR code and map.
        </Typography.Paragraph>
        {authenticated ? (
          <Button type="primary" size="large" onClick={() => navigate('/projects')}>Go to your projects</Button>
        ) : (
          <Button type="primary" size="large" onClick={() => redirectToLogin()}>Sign in to get started</Button>
        )}
        <OperatorSetupNotice />
      </section>
      <Row gutter={[16, 16]}>
        {FEATURES.map((f) => (
          <Col xs={24} md={12} lg={6} key={f.title}>
            <Card title={f.title}>{f.text}</Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
