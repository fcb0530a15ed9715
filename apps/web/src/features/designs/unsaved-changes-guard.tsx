import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { Button, Modal } from 'antd';

/**
 * Warns before leaving the editor with unsaved changes: the browser's own prompt on reload or
 * tab close, and a dialog on in-app navigation offering to save first, leave without saving, or
 * stay. `onSave` resolves true when the design was saved (then the navigation proceeds).
 */
export function UnsavedChangesGuard({ dirty, onSave }: { dirty: boolean; onSave: () => Promise<boolean> }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  const saveAndLeave = async () => {
    setSaving(true);
    const ok = await onSave();
    setSaving(false);
    if (ok) blocker.proceed?.();
    else blocker.reset?.();
  };

  return (
    <Modal
      open={blocked}
      title="Leave the Designer?"
      onCancel={() => !saving && blocker.reset?.()}
      footer={[
        <Button key="stay" onClick={() => blocker.reset?.()} disabled={saving}>Stay</Button>,
        <Button key="leave" danger onClick={() => blocker.proceed?.()} disabled={saving}>Leave without saving</Button>,
        <Button key="save" type="primary" loading={saving} onClick={saveAndLeave}>Save and leave</Button>,
      ]}
    >
      You have unsaved changes to this design.
    </Modal>
  );
}
