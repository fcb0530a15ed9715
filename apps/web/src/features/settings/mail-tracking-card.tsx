import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import {
  barcodeIdProblem, DEFAULT_IMB_BARCODE_ID, IMB_MESSAGES, IMB_SERVICE_TYPES, mailerIdProblem, type ImbMailClass, type TSettings,
} from '@mailcraft/shared';
import { Card } from '../../components/card';
import { NativeSelect, type NativeGroup } from '../../components/native-select';
import { errorDetail } from '../../lib/api-client';
import { useSaveSettings } from './settings-api';

type Notice = { type: 'success' | 'error'; title: string } | null;
/** The Service Type choice that stores null. */
const NONE = '';

/** IMB_SERVICE_TYPES grouped by mail class, for the select. */
const STID_GROUPS: NativeGroup<string>[] = (['First-Class Mail', 'USPS Marketing Mail'] as ImbMailClass[]).map((mailClass) => ({
  label: mailClass,
  options: IMB_SERVICE_TYPES.filter((s) => s.mailClass === mailClass).map((s) => ({ value: s.id, label: s.label })),
}));

/**
 * 'Mail tracking' on /settings (docs/requirements/mail-tracking.md#imb-assignment): the USPS Mailer ID the product assigns
 * Intelligent Mail barcodes under (6 or 9 digits; empty: none are assigned), the Service Type ID they carry (grouped by
 * mail class, each naming Full-Service or Basic, IV-MTR and address corrections) and the Barcode ID ('00' by
 * default) → PUT /api/account/settings with the stored time zone and defaults. Checked as typed with the shared rules
 * (IMB_MESSAGES), so the messages are the server's; a Mailer ID needs a Service Type ID. A failed save says why.
 */
export function MailTrackingCard({ settings }: { settings: TSettings }) {
  const ids = { mid: useId(), stid: useId(), barcode: useId() };
  const save = useSaveSettings();
  const [mailerId, setMailerId] = useState(settings.mailer_id ?? '');
  const [stid, setStid] = useState(settings.imb_service_type_id ?? NONE);
  const [barcodeId, setBarcodeId] = useState(settings.imb_barcode_id || DEFAULT_IMB_BARCODE_ID);
  const [submitted, setSubmitted] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const mid = mailerId.trim();
  const errors = {
    mid: mid ? mailerIdProblem(mid) : null,
    stid: mid && stid === NONE ? IMB_MESSAGES.serviceTypeRequired : null,
    barcode: barcodeIdProblem(barcodeId.trim()),
  };
  const shown = (key: keyof typeof errors) => (submitted ? errors[key] ?? undefined : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setNotice(null);
    if (errors.mid || errors.stid || errors.barcode) return;
    save.mutate({
      time_zone: settings.time_zone, project_defaults: settings.project_defaults,
      mailer_id: mid || null, imb_service_type_id: stid === NONE ? null : stid, imb_barcode_id: barcodeId.trim(),
    }, {
      onSuccess: () => setNotice({ type: 'success', title: 'Your mail tracking settings were saved' }),
      onError: (err) => setNotice({ type: 'error', title: `Failed to save your mail tracking settings: ${errorDetail(err)}` }),
    });
  };

  const fieldError = (id: string, message: string | undefined) => message && <span id={`${id}-error`} className="settings-error">{message}</span>;

  return (
    <Card title="Mail tracking" className="settings-section">
      {notice && (
        <Alert className="settings-notice" type={notice.type} showIcon closable onClose={() => setNotice(null)}
          role={notice.type === 'error' ? 'alert' : 'status'} title={notice.title} />
      )}
      <p className="settings-hint" style={{ marginBottom: 12 }}>
        With a Mailer ID, every print file gives each mail piece whose record has no IMb of its own an Intelligent Mail
        barcode with a serial number of its own, so USPS scans show where each piece is. Proofs print the barcode with a
        serial of zeros. A permit can carry another Mailer ID for a mail owner other than you.
      </p>
      <form className="settings-form" aria-label="Mail tracking" onSubmit={submit} noValidate>
        <div className="settings-field">
          <label htmlFor={ids.mid}>
            Mailer ID
            <Input id={ids.mid} value={mailerId} inputMode="numeric" maxLength={9} placeholder="6 or 9 digits; empty: no IMbs are assigned"
              status={shown('mid') ? 'error' : undefined} aria-invalid={!!shown('mid')} aria-describedby={shown('mid') ? `${ids.mid}-error` : undefined}
              onChange={(e) => setMailerId(e.target.value)} />
          </label>
          {fieldError(ids.mid, shown('mid'))}
        </div>
        <div className="settings-field">
          <label htmlFor={ids.stid}>
            Service Type ID
            <NativeSelect<string> id={ids.stid} value={stid} onChange={setStid} options={[{ value: NONE, label: 'None chosen' }, ...STID_GROUPS]} />
          </label>
          {fieldError(ids.stid, shown('stid'))}
        </div>
        <div className="settings-field">
          <label htmlFor={ids.barcode}>
            Barcode ID
            <Input id={ids.barcode} value={barcodeId} inputMode="numeric" maxLength={2} status={shown('barcode') ? 'error' : undefined}
              aria-invalid={!!shown('barcode')} aria-describedby={shown('barcode') ? `${ids.barcode}-error` : undefined} onChange={(e) => setBarcodeId(e.target.value)} />
          </label>
          {fieldError(ids.barcode, shown('barcode'))}
        </div>
        <p className="settings-hint">Keep the Barcode ID at 00 unless USPS or your mail house tells you otherwise.</p>
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>Save mail tracking</Button>
        </div>
      </form>
    </Card>
  );
}
