import { useState } from 'react';
import { Button } from 'antd';
import { Card } from '../../components/card';
import { errorDetail } from '../../lib/api-client';
import { useExportData } from './account-api';
import { FormNotice, type Notice } from './form-notice';

/** 'Download my data' on /account (docs/requirements/administration.md#administration): a ZIP of projects, designs, lists (CSV) and print files. */
export function ExportCard() {
  const exportData = useExportData();
  const [notice, setNotice] = useState<Notice>(null);
  const start = () => {
    setNotice(null);
    exportData.mutate(undefined, {
      onSuccess: () => setNotice({ type: 'success', title: 'Your data was downloaded' }),
      onError: (err) => setNotice({ type: 'error', title: `Failed to download your data: ${errorDetail(err)}` }),
    });
  };
  return (
    <Card title="Your data" className="account-section">
      <FormNotice notice={notice} onClose={() => setNotice(null)} />
      <p className="account-hint">
        A ZIP file with your account, your projects and their designs (JSON), your mailing lists (CSV) and the print files you generated.
      </p>
      <div className="account-actions" style={{ marginTop: 12 }}>
        <Button onClick={start} loading={exportData.isPending}>Download my data</Button>
      </div>
    </Card>
  );
}
