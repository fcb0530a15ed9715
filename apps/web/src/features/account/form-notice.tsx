import { Alert } from 'antd';

/** What a form says after a save: success (role status) or failure (role alert). */
export type Notice = { type: 'success' | 'error'; title: string; description?: string } | null;

/** The notice above an /account or /settings form (docs/requirements/administration.md#administration); closable. */
export function FormNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert className="account-notice" type={notice.type} showIcon closable onClose={onClose}
      role={notice.type === 'error' ? 'alert' : 'status'} title={notice.title} description={notice.description} />
  );
}
