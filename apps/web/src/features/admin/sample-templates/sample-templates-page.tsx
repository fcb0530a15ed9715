import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { Card } from '../../../components/card';
import { errorDetail } from '../../../lib/api-client';
import { AdminNav } from '../admin-nav';
import { AuditLog } from '../audit-log';
import { CreateSampleForm } from './create-sample-form';
import { useAdminSamples } from './sample-templates-api';
import { SampleTemplatesTable } from './sample-templates-table';
import '../admin.css';
import './sample-templates.css';

/**
 * /admin/sample-templates (docs/requirements/administration.md#administration Admin → Sample templates; administrators only, the router's
 * guard sends others to /): create a sample from one of your projects, then every sample with its
 * thumbnail, type and size, a published switch, position, edit (name, description, thumbnails)
 * and delete; the sample-templates audit log below.
 */
export function AdminSampleTemplatesPage() {
  const samples = useAdminSamples();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="page-narrow">
      <AdminNav />
      <Typography.Title level={2}>Sample templates</Typography.Title>
      <Card title="Create from a project" className="admin-section">
        <CreateSampleForm />
      </Card>
      <Card title="Sample templates" className="admin-section">
        {error && <Alert className="admin-notice" type="error" showIcon title={error} closable onClose={() => setError(null)} />}
        {samples.isError ? (
          <Alert type="error" showIcon title={`Failed to load sample templates: ${errorDetail(samples.error)}`}
            action={<Button size="small" loading={samples.isFetching} onClick={() => void samples.refetch()}>Retry</Button>} />
        ) : (
          <SampleTemplatesTable samples={samples.data ?? []} loading={samples.isPending} onError={setError} />
        )}
      </Card>
      <AuditLog area="sample-templates" />
    </div>
  );
}
