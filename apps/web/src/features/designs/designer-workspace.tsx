import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Space, Tabs, Tooltip, Typography } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
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
import { drawZoneOverlay, snapToGuides } from './canvas-guides';
import { clearDraft, readDraft, writeDraft } from './design-draft';
import { useDesignHistory } from './design-history';
import { useAuth } from '../auth/auth-api';
import './designs.css';

type Props = { project: TProject; design: TProjectDesign; font: Font };

const fingerprints = (t: SideTemplates) => `${templateFingerprint(t.inside)}\n${templateFingerprint(t.outside)}`;

/**
 * The Designer screen (spec 000 §2 "/projects/{id}/editor", §3 Design template): one pdfme
 * Designer at the project's size; for double-sided projects tabs switch it between the outside
 * (address side) and inside templates. The Fields panel inserts merge fields, the address block,
 * the permit indicia and a QR code on the current page. Save (button, Ctrl/Cmd+S) posts both
 * templates with PNG thumbnails rendered in the browser; leaving with unsaved changes asks first.
 * Issue 6: inserted elements land in the USPS zones of the address side (`buildElement`), which are
 * drawn on the page; a dropped element snaps to the trim, safe-area and zone lines; Undo/Redo
 * buttons (and Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y) step through changes on both sides; every change is
 * kept as a draft in the browser (restored after a reload or a sign-in, cleared by Save).
 * Loaded lazily: pdfme's Designer is only downloaded for this route.
 */
export function DesignerWorkspace({ project, design, font }: Props) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const double = project.sides === 'double';
  const [side, setSide] = useState<Side>(double ? 'outside' : 'inside');
  const sideRef = useRef(side);
  const userId = useAuth().user?.id ?? 'anonymous';
  const savedTemplates = (): SideTemplates => ({
    inside: onProjectPage(design.template_data_inside, project.paper_size),
    outside: double ? onProjectPage(design.template_data_outside, project.paper_size) : null,
  });
  const [draft] = useState(() => readDraft(userId, project.id, design.updated_at));
  const [opened] = useState<SideTemplates>(() => (draft ? { inside: draft.inside, outside: double ? draft.outside : null } : savedTemplates()));
  const [savedFingerprint] = useState(() => fingerprints(savedTemplates()));
  const templates = useRef<SideTemplates>(opened);
  const saved = useRef(savedFingerprint);
  const [restoredAt, setRestoredAt] = useState<string | null>(draft?.savedAt ?? null);
  const [dirty, setDirty] = useState(() => !!draft && fingerprints(templates.current) !== saved.current);
  const history = useDesignHistory();
  const addressSide = (s: Side) => !double || s === 'outside';
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [savedAt, setSavedAt] = useState<string | null>(design.updated_at);
  const [saveError, setSaveError] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const fields = useDesignFields(project);
  const { mutateAsync: saveDesign } = useSaveDesign(project.id);

  const designerRef = useRef<ReturnType<typeof usePdfmeDesigner>>(null);
  /** After any change: remember it for undo, keep the draft, track unsaved state. */
  const changed = useCallback((before: Template, after: Template) => {
    const side = sideRef.current;
    history.record({ side, template: before });
    templates.current[side] = after;
    const isDirty = fingerprints(templates.current) !== saved.current;
    setDirty(isDirty);
    if (isDirty) {
      writeDraft(userId, project.id, {
        savedAt: new Date().toISOString(), baseUpdatedAt: design.updated_at, inside: templates.current.inside, outside: templates.current.outside,
      });
    } else clearDraft(userId, project.id);
  }, [history, userId, project.id, design.updated_at]);
  const onChange = useCallback((t: Template) => {
    const before = templates.current[sideRef.current]!;
    // Our own updateTemplate calls come back here too: a template we already hold is no change.
    if (templateFingerprint(t) === templateFingerprint(before)) return;
    // A dropped or resized element snaps to the trim, safe-area and USPS zone lines.
    const snapped = snapToGuides(before, t, addressSide(sideRef.current));
    changed(before, snapped ?? t);
    if (snapped) designerRef.current?.updateTemplate(snapped);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed]);
  const [initial] = useState(() => templates.current[side]);
  const designer = usePdfmeDesigner(container, initial, font, onChange);
  designerRef.current = designer;

  // The USPS zones drawn on the address side's page, again whenever pdfme re-renders the page.
  useEffect(() => {
    const el = container.current;
    if (!el || !designer) return;
    const size = (templates.current[side]!.basePdf as { width: number; height: number });
    const draw = () => drawZoneOverlay(el, size, addressSide(side));
    draw();
    const observer = new MutationObserver(() => requestAnimationFrame(draw));
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [designer, side]);

  const applyHistory = (entry: { side: Side; template: Template } | null) => {
    if (!entry || !designer) return;
    templates.current[entry.side] = entry.template;
    if (entry.side !== sideRef.current) {
      sideRef.current = entry.side;
      setSide(entry.side);
    }
    designer.updateTemplate(entry.template);
    const isDirty = fingerprints(templates.current) !== saved.current;
    setDirty(isDirty);
    if (isDirty) writeDraft(userId, project.id, { savedAt: new Date().toISOString(), baseUpdatedAt: design.updated_at, inside: templates.current.inside, outside: templates.current.outside });
    else clearDraft(userId, project.id);
  };
  const current = (s: Side) => ({ side: s, template: s === sideRef.current && designer ? designer.getTemplate() : templates.current[s]! });
  const undo = () => applyHistory(history.undo(current));
  const redo = () => applyHistory(history.redo(current));
  const undoRef = useRef({ undo, redo });
  useEffect(() => {
    undoRef.current = { undo, redo };
  });

  const discardDraft = () => {
    clearDraft(userId, project.id);
    setRestoredAt(null);
    templates.current = savedTemplates();
    if (designer) designer.updateTemplate(templates.current[sideRef.current]!);
    setDirty(false);
  };

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
    const before = designer.getTemplate();
    const element = buildElement(before, page, item, { addressSide: addressSide(sideRef.current) });
    const after = withElement(before, page, element);
    changed(before, after);
    designer.updateTemplate(after);
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
        clearDraft(userId, project.id);
        setRestoredAt(null);
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
  }, [designer, double, font, fields.indiciaText, fields.record, message, saveDesign, userId, project.id]);

  // Ctrl/Cmd+S saves, also while typing on the canvas. Captured on window so pdfme's own
  // shortcut handler (on document) does not run as well.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
      const key = e.key.toLowerCase();
      if (mod && !e.shiftKey && key === 's') {
        e.preventDefault();
        e.stopPropagation();
        void saveRef.current();
        return;
      }
      // Undo/redo of the design — but typing in a field keeps the field's own undo.
      const typing = e.target instanceof HTMLElement && (e.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName));
      if (!mod || typing) return;
      if (key === 'z' || key === 'y') {
        e.preventDefault();
        e.stopPropagation();
        if (key === 'y' || e.shiftKey) undoRef.current.redo();
        else undoRef.current.undo();
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
        <Space.Compact className="editor-history">
          <Tooltip title="Undo (Ctrl+Z / ⌘Z)">
            <Button icon={<UndoOutlined aria-hidden />} aria-label="Undo" onClick={undo} disabled={!designer || !history.canUndo} />
          </Tooltip>
          <Tooltip title="Redo (Ctrl+Shift+Z / ⌘⇧Z)">
            <Button icon={<RedoOutlined aria-hidden />} aria-label="Redo" onClick={redo} disabled={!designer || !history.canRedo} />
          </Tooltip>
        </Space.Compact>
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
      {restoredAt && (
        <Alert
          type="info"
          showIcon
          banner
          className="editor-draft-restored"
          title={`Restored your unsaved changes from ${new Date(restoredAt).toLocaleString()}`}
          action={<Button size="small" onClick={discardDraft}>Discard them</Button>}
          closable={{ 'aria-label': 'Dismiss', onClose: () => setRestoredAt(null) }}
        />
      )}
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
