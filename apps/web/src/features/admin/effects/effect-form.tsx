import { useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { EFFECT_DEFAULT_PARAMS, EFFECT_NAME_MAX, type EffectKind, type TEffect, type TEffectSpec } from '@mailcraft/shared';
import { errorDetail } from '../../../lib/api-client';
import { EffectParams } from './effect-params';
import { EffectPreview } from './effect-preview';
import { useCreateEffect, useUpdateEffect } from './effects-admin-api';

const NEW_SPEC: TEffectSpec = { kind: 'grayscale', params: {} };

/**
 * The create / edit form of /admin/effects (docs/requirements/administration.md#administration): name, kind and its parameters, with a live
 * preview through the server. `editing` is the effect being changed (null: a new one); `onDone`
 * runs after a successful save or Cancel. A failed save shows the server's message and keeps
 * every edit.
 */
export function EffectForm({ editing, onDone }: { editing: TEffect | null; onDone: () => void }) {
  const [name, setName] = useState(editing?.name ?? '');
  const [spec, setSpec] = useState<TEffectSpec>(editing ? ({ kind: editing.kind, params: editing.params } as TEffectSpec) : NEW_SPEC);
  const create = useCreateEffect();
  const update = useUpdateEffect();
  const save = editing ? update : create;

  const onKind = (kind: EffectKind) => setSpec({ kind, params: kind === editing?.kind ? editing.params : EFFECT_DEFAULT_PARAMS[kind] } as TEffectSpec);
  const submit = () => {
    const done = () => {
      if (!editing) { setName(''); setSpec(NEW_SPEC); }
      create.reset();
      update.reset();
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, patch: { name, kind: spec.kind, params: spec.params } }, { onSuccess: done });
    else create.mutate({ name, ...spec } as Parameters<typeof create.mutate>[0], { onSuccess: done });
  };

  return (
    <form className="admin-effect-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <div>
        <label className="admin-effect-param">
          <span>Name</span>
          <Input aria-label="Effect name" value={name} maxLength={EFFECT_NAME_MAX} placeholder="e.g. Vintage" onChange={(e) => setName(e.target.value)} />
        </label>
        <EffectParams spec={spec} onKind={onKind} onParams={(params) => setSpec({ ...spec, params } as TEffectSpec)} />
        <div className="admin-confirm">
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!name.trim()}>{editing ? 'Save changes' : 'Create effect'}</Button>
          {editing && <Button onClick={() => { update.reset(); onDone(); }}>Cancel</Button>}
        </div>
        {save.isError && <Alert className="admin-notice" type="error" showIcon role="alert" title={`Save failed: ${errorDetail(save.error)}`} />}
      </div>
      <EffectPreview spec={spec} />
    </form>
  );
}
