import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Space, Tabs, Tooltip, Typography } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import type { Font, Template } from '@pdfme/common';
import { REINFORCEMENT_MESSAGES, type TProject, type TProjectDesign, type TReinforcementDesign } from '@mailcraft/shared';
import { setQrLookOverride } from '@mailcraft/shared/designs';
import { useQrConfig } from '../qr-codes/qr-api';
import { buildElement, withElement, type Insertable } from './design-elements';
import { isReinforcementSide, templateFingerprint, type ReinforcementSide, type Side } from './design-template';
import { renderThumbnail } from './design-thumbnails';
import { useSaveDesign } from './design-api';
import { useSaveReinforcement } from './reinforcements-api';
import { useDesignFields } from './use-design-fields';
import { useDesignerEffects } from './designer-effects';
import { usePdfmeDesigner } from './use-pdfme-designer';
import { FieldsPanel } from './fields-panel';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { drawZoneOverlay, snapToGuides } from './canvas-guides';
import { useDesignHistory } from './design-history';
import { useDesignParts } from './use-design-parts';
import { partTemplates, templateOf, withReinforcement, withTemplate } from './design-parts';
import { fontNamesOf } from './design-fonts';
import { blankReinforcement, editorTabs, onePage, reinforcementPage, sideLabel, slotOfSide, type ReinforcementEdit } from './reinforcement-tabs';
import { planSave, saveDesignParts, saveErrorText } from './save-design-parts';
import { AddReinforcement, ReinforcementBar } from './reinforcement-bar';
import { useAuth } from '../auth/auth-api';
import './designs.css';

type Props = {
  project: TProject;
  design: TProjectDesign;
  font: Font;
  /** Hears the fonts the design uses whenever it changes, so that those not loaded yet load (`useDesignFonts`). */
  onFontsUsed?: (names: Set<string>) => void;
  /** The project's saved reinforcements; null when they could not be loaded (R tabs unavailable). */
  reinforcements: TReinforcementDesign[] | null;
};

/**
 * The Designer screen (docs/requirements/workflow.md#route-table "/projects/{id}/editor", §3 Design template): one pdfme
 * Designer at the project's size; tabs switch it between the outside (address side) and inside
 * templates of a double-sided project (the one page of a single-sided one) and the reinforcements
 * R1–R3 (docs/requirements/print-on-demand-api.md#print-on-demand-api, docs/requirements/print-on-demand-api.md#data: one page each; an empty slot offers 'Add reinforcement', an
 * existing one has a bar with its name, type and 'Remove reinforcement'). The Fields panel inserts
 * merge fields, the address block, the permit indicia and a QR code on the current page. Save
 * (button, Ctrl/Cmd+S) posts the design and each changed reinforcement with PNG thumbnails
 * rendered in the browser; leaving with unsaved changes asks first.
 * docs/requirements/workflow.md#clear-states-and-fast-pages: inserted elements land in the USPS zones of the address side (`buildElement`), which are
 * drawn on the page; a dropped element snaps to the trim, safe-area and zone lines; Undo/Redo
 * buttons (and Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y) step through changes on every page; every change is
 * kept as a draft in the browser (restored after a reload or a sign-in, cleared by Save).
 * Loaded lazily: pdfme's Designer is only downloaded for this route.
 */
export function DesignerWorkspace({ project, design, font, onFontsUsed, reinforcements }: Props) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const double = project.sides === 'double';
  const [side, setSide] = useState<Side>(double ? 'outside' : 'inside');
  const sideRef = useRef(side);
  const userId = useAuth().user?.id ?? 'anonymous';
  const store = useDesignParts({ userId, project, design, reinforcements });
  const { parts, update } = store;
  const history = useDesignHistory();
  const addressSide = (s: Side) => s === 'outside' || (!double && s === 'inside');
  // An empty reinforcement tab shows a blank page that is no part of the design.
  const [blankPage] = useState(() => reinforcementPage(null, project.paper_size));
  const shown = (s: Side) => templateOf(parts.current, s) ?? blankPage;
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const designSaved = useRef(!!design.updated_at);
  const [savedAt, setSavedAt] = useState<string | null>(design.updated_at);
  const [saveError, setSaveError] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const fields = useDesignFields(project);
  const { mutateAsync: saveDesign } = useSaveDesign(project.id);
  const { mutateAsync: saveReinforcement } = useSaveReinforcement(project.id);

  const designerRef = useRef<ReturnType<typeof usePdfmeDesigner>>(null);
  /** After any change: remember it for undo, keep the draft, track unsaved state. */
  const changed = useCallback((before: Template, after: Template) => {
    const s = sideRef.current;
    history.record({ side: s, template: before });
    update(withTemplate(parts.current, s, after));
  }, [history, update, parts]);
  const onChange = useCallback((t: Template) => {
    const s = sideRef.current;
    const before = templateOf(parts.current, s);
    // Our own updateTemplate calls come back here too: a template we already hold is no change.
    if (!before || templateFingerprint(t) === templateFingerprint(before)) return;
    // A dropped or resized element snaps to the trim, safe-area and USPS zone lines.
    let next = snapToGuides(before, t, addressSide(s)) ?? t;
    // A reinforcement has one page (docs/requirements/print-on-demand-api.md#data): a page added in pdfme is taken back.
    const extraPage = isReinforcementSide(s) && next.schemas.length > 1;
    if (extraPage) {
      next = onePage(next);
      message.info('A reinforcement has one page');
    }
    if (templateFingerprint(next) !== templateFingerprint(before)) changed(before, next);
    if (next !== t) designerRef.current?.updateTemplate(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed]);
  const [initial] = useState(() => shown(side));
  const designer = usePdfmeDesigner(container, initial, font, onChange);
  // A font picked in the panel, or an element inserted or restored from a draft with one, loads.
  useEffect(() => {
    onFontsUsed?.(fontNamesOf(partTemplates(parts.current)));
  }, [onFontsUsed, parts, store.version]);
  designerRef.current = designer;
  useDesignerEffects(designer);

  // The USPS zones drawn on the address side's page, again whenever pdfme re-renders the page.
  useEffect(() => {
    const el = container.current;
    if (!el || !designer) return;
    const size = (shown(side).basePdf as { width: number; height: number });
    const draw = () => drawZoneOverlay(el, size, addressSide(side));
    draw();
    const observer = new MutationObserver(() => requestAnimationFrame(draw));
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [designer, side]);

  const showSide = (next: Side) => {
    if (next !== sideRef.current) {
      sideRef.current = next;
      setSide(next);
    }
  };
  const applyHistory = (entry: { side: Side; template: Template } | null) => {
    if (!entry || !designer) return;
    update(withTemplate(parts.current, entry.side, entry.template));
    showSide(entry.side);
    designer.updateTemplate(entry.template);
  };
  const current = (s: Side) => ({ side: s, template: s === sideRef.current && designer ? designer.getTemplate() : shown(s) });
  const undo = () => applyHistory(history.undo(current));
  const redo = () => applyHistory(history.redo(current));
  const undoRef = useRef({ undo, redo });
  useEffect(() => {
    undoRef.current = { undo, redo };
  });

  const discardDraft = () => {
    store.discard();
    if (designer) designer.updateTemplate(shown(sideRef.current));
  };

  // QR codes on the canvas and in thumbnails in the list's QR style, as print draws them.
  const qrConfig = useQrConfig(project.list_id ?? '', { enabled: !!project.list_id });
  const qrStyle = qrConfig.data?.style ?? null;
  useEffect(() => {
    setQrLookOverride(qrStyle);
    if (designer) designer.updateTemplate(designer.getTemplate());
    return () => setQrLookOverride(null);
  }, [qrStyle, designer]);

  /** Keeps the canvas's template of the current page (an edit pdfme has not reported yet). */
  const holdCanvas = () => {
    const s = sideRef.current;
    if (designer && templateOf(parts.current, s)) parts.current = withTemplate(parts.current, s, designer.getTemplate());
  };
  const switchSide = (next: Side) => {
    if (!designer || next === sideRef.current) return;
    holdCanvas();
    showSide(next);
    designer.updateTemplate(shown(next));
  };

  const addReinforcement = (s: ReinforcementSide) => {
    const edit = blankReinforcement(slotOfSide(s), project.paper_size);
    update(withReinforcement(parts.current, s, edit));
    if (designer && sideRef.current === s) designer.updateTemplate(edit.template);
  };
  const editReinforcement = (s: ReinforcementSide, change: Partial<Omit<ReinforcementEdit, 'template'>>) => {
    const edit = parts.current[s];
    if (edit) update(withReinforcement(parts.current, s, { ...edit, ...change }));
  };
  const removedReinforcement = (s: ReinforcementSide) => {
    store.drop(s);
    history.forget(s);
    if (designer && sideRef.current === s) designer.updateTemplate(blankPage);
  };

  const insert = (item: Insertable) => {
    if (!designer || !templateOf(parts.current, sideRef.current)) return;
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

  /** Saves the design and each changed reinforcement (docs/requirements/print-on-demand-api.md#print-on-demand-api); true when everything was saved. */
  const save = async (): Promise<boolean> => {
    if (!designer || savingRef.current) return false;
    savingRef.current = true;
    setSaving(true);
    try {
      // Commit an edit in progress on the canvas before reading the template.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      await new Promise((r) => setTimeout(r, 50));
      holdCanvas();
      const sent = parts.current;
      const ctx = { indiciaText: fields.indiciaText, qrUrl: `${window.location.origin}/r/preview` };
      const plan = planSave(sent, store.saved.current, { designNeverSaved: !designSaved.current });
      const outcome = await saveDesignParts(sent, plan, double, {
        thumbnail: (t) => renderThumbnail(t, fields.record, ctx, font),
        saveDesign,
        saveReinforcement: (slot, body) => saveReinforcement({ slot, body }),
      });
      if (outcome.designUpdatedAt) designSaved.current = true;
      store.markSaved(outcome.saved, sent);
      if (outcome.failures.length > 0) {
        // The Designer keeps its state; the banner stays until the next save succeeds or is dismissed.
        setSaveError(saveErrorText(outcome.failures));
        // A blank name is fixed in its reinforcement's bar: show that tab.
        const unnamed = outcome.failures.find((f) => f.part !== 'design' && f.message === REINFORCEMENT_MESSAGES.nameRequired);
        if (unnamed && unnamed.part !== 'design' && !outcome.failures.some((f) => f.part === sideRef.current)) switchSide(unnamed.part);
        return false;
      }
      setSaveError(null);
      setSavedAt(outcome.designUpdatedAt ?? new Date().toISOString());
      if (outcome.thumbnailErrors.length > 0) message.warning(`Design saved, but its preview image could not be made: ${outcome.thumbnailErrors[0]}`);
      else message.success('Design saved');
      return true;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

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

  const { dirty } = store;
  const status = saving ? 'Saving…' : dirty ? 'Unsaved changes' : savedAt ? `Saved ${new Date(savedAt).toLocaleString()}` : 'Not saved yet';
  const reinforcementsNow = { r1: parts.current.r1, r2: parts.current.r2, r3: parts.current.r3 };
  const edit = isReinforcementSide(side) ? parts.current[side] : null;
  const emptySlot = isReinforcementSide(side) && !edit;
  const label = emptySlot ? side.toUpperCase() : sideLabel(side, double, reinforcementsNow);
  const rUnavailable = store.withReinforcements ? undefined : 'Failed to load reinforcements';

  return (
    <div className="editor-page">
      <header className="editor-toolbar">
        <div className="editor-title">
          <Typography.Title level={4} style={{ margin: 0 }}>Designer</Typography.Title>
          <Typography.Text type="secondary" ellipsis className="editor-project-name">{project.name}</Typography.Text>
        </div>
        <Tabs
          className="editor-side-tabs"
          activeKey={side}
          onChange={(k) => switchSide(k as Side)}
          items={editorTabs(double, reinforcementsNow).map((t) => {
            const r = isReinforcementSide(t.key);
            const hint = r ? rUnavailable ?? (t.empty ? `Add reinforcement ${t.key.toUpperCase()}` : undefined) : undefined;
            return { key: t.key, label: <span title={hint}>{t.label}</span>, disabled: !designer || (r && !!rUnavailable) };
          })}
        />
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
      {isReinforcementSide(side) && edit && (
        <ReinforcementBar
          key={side}
          projectId={project.id}
          slot={slotOfSide(side)}
          name={edit.name}
          type={edit.type}
          stored={store.isStored(side)}
          disabled={!designer || saving}
          onNameChange={(name) => editReinforcement(side, { name })}
          onTypeChange={(type) => editReinforcement(side, { type })}
          onRemoved={() => removedReinforcement(side)}
        />
      )}
      {store.restoredAt && (
        <Alert
          type="info"
          showIcon
          banner
          className="editor-draft-restored"
          title={`Restored your unsaved changes from ${new Date(store.restoredAt).toLocaleString()}`}
          action={<Button size="small" onClick={discardDraft}>Discard them</Button>}
          closable={{ 'aria-label': 'Dismiss', onClose: store.dismissRestored }}
        />
      )}
      {saveError && (
        <Alert type="error" showIcon banner closable={{ onClose: () => setSaveError(null) }} title={saveError} className="editor-save-error" />
      )}
      <div className={edit ? 'editor-body with-bar' : 'editor-body'}>
        <FieldsPanel {...fields.panel} sideLabel={label} disabled={!designer || emptySlot} onInsert={insert} />
        <div className="editor-stage">
          <div className="editor-canvas" ref={container} role="region" aria-label={`Design canvas: ${label}`} />
          {emptySlot && <AddReinforcement slot={slotOfSide(side)} disabled={!designer} onAdd={() => addReinforcement(side)} />}
        </div>
      </div>
      <UnsavedChangesGuard dirty={dirty} onSave={save} />
    </div>
  );
}
