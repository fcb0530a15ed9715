import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Space, Tabs, Tooltip, Typography } from 'antd';
import type { Font, Template } from '@pdfme/common';
import type { TDesignTemplate, TProject, TProjectDesign } from '@mailcraft/shared';
import { setQrLookOverride } from '@mailcraft/shared/designs';
import { errorDetail } from '../../lib/api-client';
import { useQrConfig } from '../qr-codes/qr-api';
import { buildElement, withElement, type Insertable } from './design-elements';
import { onProjectPage, SIDE_LABELS, templateFingerprint, type Side, type SideTemplates } from './design-template';
import { renderThumbnail } from './design-thumbnails';
import { useSaveDesign } from './design-api';
import { useDesignFields } from './use-design-fields';
import { usePdfmeDesigner } from './use-pdfme-designer';
import { FieldsPanel } from './fields-panel';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import './designs.css';

type Props = { project: TProject; design: TProjectDesign; font: Font };

const fingerprints = (t: SideTemplates) => `${templateFingerprint(t.inside)}\n${templateFingerprint(t.outside)}`;

/**
 * The Designer screen (spec 000 §2 "/projects/{id}/editor", §3 Design template): one pdfme
 * Designer at the project's size; for double-sided projects tabs switch it between the outside
 * (address side) and inside templates. The Fields panel inserts merge fields, the address block,
 * the permit indicia and a QR code on the current page. Save (button, Ctrl/Cmd+S) posts both
 * templates with PNG thumbnails rendered in the browser; leaving with unsaved changes asks first.
 * Loaded lazily: pdfme's Designer is only downloaded for this route.
 */
export function DesignerWorkspace({ project, design, font }: Props) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const double = project.sides === 'double';
  const [side, setSide] = useState<Side>(double ? 'outside' : 'inside');
  const sideRef = useRef(side);
  const templates = useRef<SideTemplates>({
    inside: onProjectPage(design.template_data_inside, project.paper_size),
    outside: double ? onProjectPage(design.template_data_outside, project.paper_size) : null,
  });
  const saved = useRef(fingerprints(templates.current));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [savedAt, setSavedAt] = useState<string | null>(design.updated_at);
  const [saveError, setSaveError] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const fields = useDesignFields(project);
  const { mutateAsync: saveDesign } = useSaveDesign(project.id);

  const onChange = useCallback((t: Template) => {
    templates.current[sideRef.current] = t;
    setDirty(fingerprints(templates.current) !== saved.current);
  }, []);
  const [initial] = useState(() => templates.current[side]);
  const designer = usePdfmeDesigner(container, initial, font, onChange);

  // QR codes on the canvas and in thumbnails in the list's QR style, as print draws them.
  const qrConfig = useQrConfig(project.list_id ?? '', { enabled: !!project.list_id });
  const qrStyle = qrConfig.data?.style ?? null;
  useEffect(() => {
    setQrLookOverride(qrStyle);
    if (designer) designer.updateTemplate(designer.getTemplate());
    return () => setQrLookOverride(null);
  }, [qrStyle, designer]);

  const switchSide = (next: Side) => {
    if (!designer || next === sideRef.current) return;
    templates.current[sideRef.current] = designer.getTemplate();
    sideRef.current = next;
    setSide(next);
    designer.updateTemplate(templates.current[next]!);
  };

  const insert = (item: Insertable) => {
    if (!designer) return;
    const page = designer.getPageCursor();
    const current = designer.getTemplate();
    const element = buildElement(current, page, item);
    designer.updateTemplate(withElement(current, page, element));
    requestAnimationFrame(() => {
      try {
        designer.selectSchemas({ name: element.name, pageIndex: page }, { pageIndex: page, scroll: true });
      } catch {
        /* selection is a convenience; the element is inserted either way */
      }
    });
  };

  const save = useCallback(async (): Promise<boolean> => {
    if (!designer || savingRef.current) return false;
    savingRef.current = true;
    setSaving(true);
    try {
      // Commit an edit in progress on the canvas before reading the template.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      await new Promise((r) => setTimeout(r, 50));
      templates.current[sideRef.current] = designer.getTemplate();
      const { inside, outside } = templates.current;
      const sent = fingerprints(templates.current);
      const ctx = { indiciaText: fields.indiciaText, qrUrl: `${window.location.origin}/r/preview` };
      let thumbnails: { inside?: string; outside?: string } = {};
      let thumbnailError: string | null = null;
      try {
        const [insidePng, outsidePng] = await Promise.all([
          renderThumbnail(inside, fields.record, ctx, font),
          outside ? renderThumbnail(outside, fields.record, ctx, font) : Promise.resolve(undefined),
        ]);
        thumbnails = outsidePng ? { inside: insidePng, outside: outsidePng } : { inside: insidePng };
      } catch (err) {
        thumbnailError = errorDetail(err);
      }
      try {
        const result = await saveDesign({
          template_data_inside: inside as unknown as TDesignTemplate,
          template_data_outside: double ? (outside as unknown as TDesignTemplate) : null,
          thumbnails,
        });
        saved.current = sent;
        setSaveError(null);
        setDirty(fingerprints(templates.current) !== sent);
        setSavedAt(result.updated_at ?? new Date().toISOString());
        if (thumbnailError) message.warning(`Design saved, but its preview image could not be made: ${thumbnailError}`);
        else message.success('Design saved');
        return true;
      } catch (err) {
        // The Designer keeps its state; the banner stays until the next save succeeds or is dismissed.
        setSaveError(`Failed to save design: ${errorDetail(err)}`);
        return false;
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [designer, double, font, fields.indiciaText, fields.record, message, saveDesign]);

  // Ctrl/Cmd+S saves, also while typing on the canvas. Captured on window so pdfme's own
  // shortcut handler (on document) does not run as well.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        e.stopPropagation();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const status = saving ? 'Saving…' : dirty ? 'Unsaved changes' : savedAt ? `Saved ${new Date(savedAt).toLocaleString()}` : 'Not saved yet';

  return (
    <div className="editor-page">
      <header className="editor-toolbar">
        <div className="editor-title">
          <Typography.Title level={4} style={{ margin: 0 }}>Designer</Typography.Title>
          <Typography.Text type="secondary" ellipsis className="editor-project-name">{project.name}</Typography.Text>
        </div>
        {double && (
          <Tabs
            className="editor-side-tabs"
            activeKey={side}
            onChange={(k) => switchSide(k as Side)}
            items={(['outside', 'inside'] as const).map((k) => ({ key: k, label: SIDE_LABELS[k], disabled: !designer }))}
          />
        )}
        <Space className="editor-actions" wrap>
          <Typography.Text type={dirty ? 'warning' : 'secondary'} role="status" aria-live="polite" className="editor-status">
            {status}
          </Typography.Text>
          <Button onClick={() => navigate(`/projects/${project.id}`)}>Back to Project</Button>
          <Tooltip title="Ctrl+S / ⌘S">
            <Button type="primary" onClick={() => void save()} loading={saving} disabled={!designer}>Save</Button>
          </Tooltip>
          <Button onClick={() => navigate(`/projects/${project.id}/production`)}>Continue to Print Preview</Button>
        </Space>
      </header>
      {saveError && (
        <Alert type="error" showIcon banner closable={{ onClose: () => setSaveError(null) }} title={saveError} className="editor-save-error" />
      )}
      <div className="editor-body">
        <FieldsPanel {...fields.panel} sideLabel={SIDE_LABELS[side]} disabled={!designer} onInsert={insert} />
        <div className="editor-canvas" ref={container} role="region" aria-label={`Design canvas: ${SIDE_LABELS[side]}`} />
      </div>
      <UnsavedChangesGuard dirty={dirty} onSave={save} />
    </div>
  );
}
