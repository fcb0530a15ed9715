import { useState } from 'react';
import { Alert, Button, Input, Typography } from 'antd';
import { Card } from '../../../components/card';
import { errorDetail } from '../../../lib/api-client';
import { AdminNav } from '../admin-nav';
import { AuditLog } from '../audit-log';
import { useAdminFonts } from './fonts-api';
import { FontUploadForm } from './font-upload-form';
import { FontsTable } from './fonts-table';
import '../admin.css';
import './fonts.css';

/**
 * /admin/fonts (docs/requirements/administration.md#administration Admin → Fonts; administrators only, the router's guard sends others to
 * /): upload a TTF/OTF with an optional name, then the fonts with a live preview of an editable
 * sample line, rename, 'Make fallback' and delete when unused; the fonts audit log below.
 * Uploaded fonts reach the designer, previews and print files (the server embeds them).
 */
export function AdminFontsPage() {
  const fonts = useAdminFonts();
  const [sample, setSample] = useState('The quick brown fox jumps over the lazy dog 0123456789');
  return (
    <div className="page-narrow">
      <AdminNav />
      <Typography.Title level={2}>Fonts</Typography.Title>
      <Card title="Upload a font" className="admin-section">
        <FontUploadForm />
      </Card>
      <Card title="Fonts" className="admin-section"
        extra={<Input className="admin-font-sample" size="small" aria-label="Preview text" value={sample} onChange={(e) => setSample(e.target.value)} />}>
        {fonts.isError ? (
          <Alert type="error" showIcon title={`Failed to load fonts: ${errorDetail(fonts.error)}`}
            action={<Button size="small" loading={fonts.isFetching} onClick={() => void fonts.refetch()}>Retry</Button>} />
        ) : (
          <FontsTable fonts={fonts.data ?? []} loading={fonts.isPending} sample={sample} />
        )}
      </Card>
      <AuditLog area="fonts" />
    </div>
  );
}
