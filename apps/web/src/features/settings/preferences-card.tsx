import { useId, useState, type FormEvent } from 'react';
import { Alert, Button } from 'antd';
import { MAILER_SIZES, type PaperSize, type PermitType, type Sides, type TemplateType, type TProjectDefaults, type TSettings } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { NativeSelect } from '../../components/native-select';
import { errorDetail } from '../../lib/api-client';
import { mailerSizeOptions, PERMIT_TYPE_LABELS, sidesOptions, templateTypeOptions } from '../projects/project-labels';
import { useSaveSettings } from './settings-api';
import { browserTimeZone, timeZoneChoices } from './time-zones';

type Notice = { type: 'success' | 'error'; title: string } | null;
/** The time-zone choice that stores null: follow the browser. */
const BROWSER = '';

/**
 * 'Preferences' on /settings (docs/requirements/administration.md#administration): the defaults new projects start with (mailer type, size
 * — only the sizes the type offers, reset when the type changes —, sides, permit type; 'Mailcraft
 * permit' only when the server has one) and the time zone (IANA list of the browser; 'the
 * browser's' stores null) → PUT /api/account/settings. A failed save keeps the choices and says why.
 */
export function PreferencesCard({ settings }: { settings: TSettings }) {
  const ids = { type: useId(), size: useId(), sides: useId(), permit: useId(), zone: useId() };
  const save = useSaveSettings();
  const [defaults, setDefaults] = useState<TProjectDefaults>(settings.project_defaults);
  const [zone, setZone] = useState<string>(settings.time_zone ?? BROWSER);
  const [notice, setNotice] = useState<Notice>(null);
  const set = (patch: Partial<TProjectDefaults>) => setDefaults((d) => ({ ...d, ...patch }));
  const permitOptions = (Object.keys(PERMIT_TYPE_LABELS) as PermitType[])
    .filter((p) => p !== 'product' || settings.product_permit)
    .map((value) => ({ value, label: PERMIT_TYPE_LABELS[value] }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    save.mutate({ time_zone: zone === BROWSER ? null : zone, project_defaults: defaults }, {
      onSuccess: () => setNotice({ type: 'success', title: 'Your settings were saved' }),
      onError: (err) => setNotice({ type: 'error', title: `Failed to save your settings: ${errorDetail(err)}` }),
    });
  };

  return (
    <Card title="Preferences" className="settings-section">
      {notice && (
        <Alert className="settings-notice" type={notice.type} showIcon closable onClose={() => setNotice(null)}
          role={notice.type === 'error' ? 'alert' : 'status'} title={notice.title} />
      )}
      <form className="settings-form" aria-label="Preferences" onSubmit={submit}>
        <fieldset>
          <legend>Defaults for new projects</legend>
          <label htmlFor={ids.type}>
            Mailer type
            <NativeSelect<TemplateType> id={ids.type} value={defaults.template_type} options={templateTypeOptions}
              onChange={(t) => set({ template_type: t, paper_size: MAILER_SIZES[t][0] })} />
          </label>
          <label htmlFor={ids.size}>
            Size
            <NativeSelect<PaperSize> id={ids.size} value={defaults.paper_size} options={mailerSizeOptions(defaults.template_type)}
              onChange={(s) => set({ paper_size: s })} />
          </label>
          <label htmlFor={ids.sides}>
            Sides
            <NativeSelect<Sides> id={ids.sides} value={defaults.sides} options={sidesOptions} onChange={(s) => set({ sides: s })} />
          </label>
          <label htmlFor={ids.permit}>
            Mailing permit
            <NativeSelect<PermitType> id={ids.permit} value={defaults.permit_type} options={permitOptions} onChange={(p) => set({ permit_type: p })} />
          </label>
          <p className="settings-hint">&lsquo;My own permit&rsquo; uses your default permit. Each project can still be changed when you create it.</p>
        </fieldset>
        <fieldset>
          <legend>Time zone</legend>
          <label htmlFor={ids.zone}>
            Time zone
            <NativeSelect<string> id={ids.zone} value={zone} onChange={setZone}
              options={[{ value: BROWSER, label: `This browser's (${browserTimeZone()})` }, ...timeZoneChoices(settings.time_zone).map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))]} />
          </label>
        </fieldset>
        <div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>Save settings</Button>
        </div>
      </form>
    </Card>
  );
}
