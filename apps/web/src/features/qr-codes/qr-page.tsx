import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Collapse, Input, Space, Spin, Switch, Tag, Typography } from 'antd';
import { QR_FIELD_GROUPS, QR_MESSAGES, RESERVED_PARAMS } from '@mailcraft/shared';
import { ErrorBoundary } from '../../components/error-boundary';
import { errorDetail } from '../../lib/api-client';
import { useMailingList } from '../mailing-lists/mailing-lists-api';
import { useFlashMessage } from '../permits/use-flash-message';
import { UpgradeBanner } from '../subscriptions/upgrade-banner';
import { useFeature } from '../subscriptions/use-feature';
import { useDataPreview, useQrConfig, useQrMapData, useSaveQrConfig } from './qr-api';
import { addStatic, draftFromRecord, removeStatic, setStatic, validateDraft, type QrDraft } from './qr-draft';
import { QrFieldSection } from './qr-field-section';
import { QrLiveCode, QrPreviewUrls } from './qr-preview';
import { QrStylePanel } from './qr-style-panel';
import './qr-codes.css';

/**
 * The QR Code Configuration screen (docs/requirements/maps.md#screens "QR Code Configuration", §3–§9; docs/requirements/README.md#requirements "QR
 * Code Settings panel"): destination URL, the fields each code carries as query parameters,
 * static parameters, the code style, and real preview URLs of the list's first records. Wrapped
 * in the spec's error boundary. Back → mapping; Save & Continue → notifications.
 */
export function QrPage({ projectId, listId }: { projectId: string; listId: string }) {
  return (
    <ErrorBoundary fallback={QR_MESSAGES.boundary}>
      <QrScreen projectId={projectId} listId={listId} />
    </ErrorBoundary>
  );
}

function QrScreen({ projectId, listId }: { projectId: string; listId: string }) {
  const navigate = useNavigate();
  const config = useQrConfig(listId);
  const preview = useDataPreview(listId);
  const mapData = useQrMapData(listId);
  const list = useMailingList(listId);
  const save = useSaveQrConfig(listId);
  const access = useFeature('qr_codes');
  const flash = useFlashMessage();
  const [draft, setDraft] = useState<QrDraft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [showReserved, setShowReserved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (config.isSuccess && draft === null) setDraft(draftFromRecord(config.data ?? undefined));
  }, [config.isSuccess, config.data, draft]);

  const errors = useMemo(() => (draft ? validateDraft(draft) : {}), [draft]);
  const mapFields = useMemo(() => new Map((mapData.data ?? []).map((m) => [m.record_id, {
    ...(m.distance != null ? { distance: String(m.distance) } : {}),
    ...(m.duration != null ? { duration: String(m.duration) } : {}),
    ...(m.s3_url ? { map_image: m.s3_url } : {}),
  }])), [mapData.data]);

  if (config.isError) return <Alert type="error" showIcon title="Failed to fetch QR config" description={errorDetail(config.error)} />;
  if (!draft) return <Spin style={{ display: 'block', margin: '64px auto' }} />;

  const edit = (next: QrDraft) => {
    setDraft(next);
    setDirty(true);
    setSaveError(null);
  };
  const submit = async (andContinue: boolean) => {
    if (Object.keys(errors).length > 0) {
      setSaveError(`${QR_MESSAGES.saveFailed}: ${Object.values(errors)[0]}`);
      return;
    }
    try {
      await save.mutateAsync(draft);
      setDirty(false);
      flash.show('QR configuration saved');
      if (andContinue) navigate(`/notifications?project=${projectId}&listId=${listId}`);
    } catch (err) {
      setSaveError(`${QR_MESSAGES.saveFailed}: ${errorDetail(err)}`); // the draft stays as the user left it
    }
  };
  const firstLink = preview.data?.records[0]?.short_url ?? '';
  const loadError = preview.isError ? 'Failed to fetch preview data' : mapData.isError ? 'Failed to fetch map data' : list.isError ? 'Failed to load required data' : null;

  const sections = [
    {
      key: 'reserved', label: 'Reserved Parameters',
      children: (
        <>
          <label className="qr-reserved-toggle">
            <Switch size="small" checked={showReserved} onChange={setShowReserved} aria-label="Show reserved parameters" /> Show the {RESERVED_PARAMS.length} names your site may use itself; fields cannot take them
          </label>
          {showReserved && <div className="qr-reserved">{RESERVED_PARAMS.map((p) => <Tag key={p}>{p}</Tag>)}</div>}
        </>
      ),
    },
    {
      key: 'destination', label: 'Destination URL',
      children: (
        <>
          <Input id="qr-base-url" aria-label="Destination URL" type="url" placeholder="https://www.example.com/offer" value={draft.baseUrl}
            status={dirty && errors.baseUrl ? 'error' : undefined} onChange={(e) => edit({ ...draft, baseUrl: e.target.value })} />
          {dirty && errors.baseUrl && <Typography.Text type="danger" className="qr-error">{errors.baseUrl}</Typography.Text>}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            Each record's short link redirects here, with the fields below as query parameters, their values base64-encoded.
          </Typography.Paragraph>
        </>
      ),
    },
    ...QR_FIELD_GROUPS.map((g) => ({
      key: g.key, label: g.title,
      children: <QrFieldSection fields={g.fields} draft={draft} errors={errors} onChange={edit} />,
    })),
    {
      key: 'static', label: 'Static Parameters',
      children: (
        <Space direction="vertical" style={{ width: '100%' }}>
          {draft.staticParams.map((p, i) => (
            <div key={i} className="qr-static-row">
              <div>
                <Input size="small" placeholder="Parameter name" aria-label={`Static parameter ${i + 1} name`} value={p.name}
                  status={errors[`static:${i}`] ? 'error' : undefined} onChange={(e) => edit(setStatic(draft, i, { name: e.target.value }))} />
                {errors[`static:${i}`] && <Typography.Text type="danger" className="qr-error">{errors[`static:${i}`]}</Typography.Text>}
              </div>
              <Input size="small" placeholder="Value" aria-label={`Static parameter ${i + 1} value`} value={p.value}
                onChange={(e) => edit(setStatic(draft, i, { value: e.target.value }))} />
              <Button size="small" onClick={() => edit(removeStatic(draft, i))}>Remove</Button>
            </div>
          ))}
          <Button size="small" onClick={() => edit(addStatic(draft))}>Add Static Parameter</Button>
        </Space>
      ),
    },
    {
      key: 'style', label: 'QR Code Settings',
      children: (
        <>
          <QrStylePanel style={draft.style} onChange={(style) => edit({ ...draft, style })} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>The Designer and the print files draw every QR code of this list in this style.</Typography.Paragraph>
        </>
      ),
    },
    {
      key: 'preview', label: 'Preview URLs',
      children: preview.isPending ? <Spin /> : <QrPreviewUrls records={preview.data?.records ?? []} draft={draft} mapFields={mapFields} />,
    },
  ];

  return (
    <div className="qr-page">
      <Typography.Title level={3}>QR Codes</Typography.Title>
      {list.data && <Typography.Paragraph type="secondary">Configuring tracked QR codes for {list.data.name} ({list.data.row_count} records)</Typography.Paragraph>}
      <UpgradeBanner feature="qr_codes" action="QR code configurations" />
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 16 }} />}
      <div className="qr-layout">
        <Collapse className="qr-sections" defaultActiveKey={['destination', 'mailing_list', 'style', 'preview']} items={sections} />
        <aside className="qr-side" aria-label="QR code preview">
          {dirty && <Alert type="warning" showIcon title={QR_MESSAGES.unsaved} style={{ marginBottom: 12 }} />}
          <div className={dirty ? 'qr-preview qr-preview-dimmed' : 'qr-preview'}>
            <QrLiveCode text={firstLink} style={draft.style} />
            {firstLink && <Typography.Text type="secondary">First record: {firstLink}</Typography.Text>}
          </div>
          {saveError && <Typography.Text type="danger" role="alert" className="qr-save-error">{saveError}</Typography.Text>}
          {flash.text && <Typography.Text type="success">{flash.text}</Typography.Text>}
        </aside>
      </div>
      <Space className="qr-actions" wrap>
        <Button onClick={() => navigate(`/upload?project=${projectId}&listId=${listId}&step=mapping`)}>Back</Button>
        <Button onClick={() => void submit(false)} disabled={!access.allowed} loading={save.isPending && !dirty}>Save</Button>
        <Button type="primary" onClick={() => void submit(true)} disabled={!access.allowed} loading={save.isPending}>Save &amp; Continue</Button>
        <Button type="link" onClick={() => navigate(`/projects/${projectId}/editor`)}>Continue to Designer</Button>
        <Button type="link" onClick={() => navigate(`/webhooks/${listId}`)}>Webhooks</Button>
        <Button type="link" onClick={() => navigate(`/analytics/${listId}`)}>Scan analytics</Button>
      </Space>
    </div>
  );
}
