import { Alert, Skeleton, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { MAP_FIELD_SAMPLES } from '@mailcraft/shared/designs';
import type { Insertable } from './design-elements';

/** One insertable merge field: target field, its label and the first record's value. */
export type FieldItem = { field: string; label: string; sample: string };

export type FieldsPanelProps = {
  /** Mapped fields of the project's list, in the spec's order. */
  fields: FieldItem[];
  /** Fields derived from mapped ones (full name, city/state/ZIP line, addressee). */
  derived: FieldItem[];
  loading: boolean;
  /** A load failure of the mappings or the sample record, shown above the list. */
  error: string | null;
  /** Where the user maps the list's columns; null when the project has no list. */
  mappingHref: string | null;
  /** Where the user uploads a list for the project. */
  uploadHref: string;
  /** The first record's values, for the address block's sample data. */
  sample: Record<string, string>;
  /** The permit lines joined by '\n', or why there is no indicia to insert. */
  indicia: { text: string } | { unavailable: string };
  /** The page the items go on, e.g. 'Outside (address side)'. */
  sideLabel: string;
  disabled: boolean;
  onInsert: (item: Insertable) => void;
};

function ItemButton(props: { title: string; code?: string; detail?: string; hint: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className="fields-item" title={props.hint} disabled={props.disabled} onClick={props.onClick}>
      <span className="fields-item-head">
        <span className="fields-item-label">{props.title}</span>
        {props.code && <code className="fields-item-code">{props.code}</code>}
      </span>
      {props.detail !== undefined && <span className="fields-item-sample">{props.detail || '—'}</span>}
    </button>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="fields-section" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/**
 * The editor's side panel 'Fields' (docs/requirements/designer.md#fields-panel Mappings): every mapped field of the
 * project's list with its label and the first record's value, inserted as a merge field; below,
 * the address block, the mailing permit indicia and a QR code; the route map and its distance and
 * driving time (docs/requirements/maps.md#maps). Items insert on the current page
 * of the side being edited.
 */
export function FieldsPanel(p: FieldsPanelProps) {
  const field = (f: FieldItem) => (
    <ItemButton
      key={f.field}
      title={f.label}
      code={f.field}
      detail={f.sample}
      hint={`Insert the {${f.field}} merge field`}
      disabled={p.disabled}
      onClick={() => p.onInsert({ kind: 'field', field: f.field, sample: f.sample })}
    />
  );
  const indiciaText = 'text' in p.indicia ? p.indicia.text : null;
  return (
    <aside className="fields-panel" aria-label="Fields">
      <div className="fields-panel-header">
        <Typography.Title level={5} style={{ margin: 0 }}>Fields</Typography.Title>
        <Typography.Text type="secondary" className="fields-panel-hint">
          Click to insert on the {p.sideLabel} page
        </Typography.Text>
      </div>
      {p.error && <Alert type="error" showIcon title={p.error} className="fields-panel-alert" />}
      <Section title="Mailing list fields">
        {p.loading ? (
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        ) : p.fields.length > 0 ? (
          p.fields.map(field)
        ) : (
          <Typography.Paragraph type="secondary" className="fields-empty">
            {p.mappingHref ? (
              <>No columns are mapped yet. <Link to={p.mappingHref}>Map the list’s columns</Link> to insert merge fields.</>
            ) : (
              <>This project has no mailing list yet. <Link to={p.uploadHref}>Upload a list</Link> to insert merge fields.</>
            )}
          </Typography.Paragraph>
        )}
      </Section>
      {!p.loading && p.derived.length > 0 && <Section title="Combined fields">{p.derived.map(field)}</Section>}
      <Section title="Mail piece">
        <ItemButton
          title="Address block"
          detail={[p.sample.full_name, p.sample.address, p.sample.city_state_zip].filter(Boolean).join(' · ') || undefined}
          hint="Insert the recipient's name and address"
          disabled={p.disabled}
          onClick={() => p.onInsert({ kind: 'address', sample: p.sample })}
        />
        <Tooltip title={indiciaText === null && 'unavailable' in p.indicia ? p.indicia.unavailable : undefined} placement="right">
          <span className="fields-item-wrap">
            <ItemButton
              title="Mailing permit indicia"
              detail={indiciaText ? indiciaText.split('\n').join(' · ') : undefined}
              hint="Insert the postage permit box"
              disabled={p.disabled || indiciaText === null}
              onClick={() => indiciaText !== null && p.onInsert({ kind: 'indicia', text: indiciaText })}
            />
          </span>
        </Tooltip>
        <ItemButton
          title="IMb barcode"
          code="imbno"
          detail="USPS Intelligent Mail barcode from the list's IMb Number or Encoded IMb"
          hint="Insert the Intelligent Mail barcode in the barcode clear zone"
          disabled={p.disabled}
          onClick={() => p.onInsert({ kind: 'imb' })}
        />
        <ItemButton
          title="QR code"
          detail="Each piece gets its own tracking link"
          hint="Insert a tracking QR code"
          disabled={p.disabled}
          onClick={() => p.onInsert({ kind: 'qr' })}
        />
      </Section>
      <Section title="Route map">
        <ItemButton
          title="Route map"
          code="map_image"
          detail="Each piece prints its recipient's own way to you"
          hint="Insert the recipient's route map (drawn on the Maps step)"
          disabled={p.disabled}
          onClick={() => p.onInsert({ kind: 'map' })}
        />
        {(['distance', 'duration'] as const).map((f) => field({ field: f, label: f === 'distance' ? 'Driving distance' : 'Driving time', sample: MAP_FIELD_SAMPLES[f] }))}
      </Section>
    </aside>
  );
}
