import { useId, useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import { Card } from '../../components/card';
import { errorDetail } from '../../lib/api-client';
import { useChangePassword } from './account-api';
import { FormNotice, type Notice } from './form-notice';

/** The sign-up rule for a new password (shared ZSignupSchema: 8 to 200 characters). */
const MIN_PASSWORD = 8;

/**
 * 'Password' on /account (docs/requirements/administration.md#administration): current, new and confirmation (checked here) → PUT
 * /api/account/password. On success every other session is signed out and the page says how many;
 * a failure keeps the fields and shows the server's message.
 */
export function PasswordCard() {
  const ids = { current: useId(), next: useId(), confirm: useId() };
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const problem = next && next.length < MIN_PASSWORD ? `Password must be at least ${MIN_PASSWORD} characters`
    : confirm && confirm !== next ? 'The new passwords do not match' : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || !current || !next || next !== confirm) return;
    setNotice(null);
    change.mutate({ current_password: current, new_password: next }, {
      onSuccess: ({ sessions_ended: ended }) => {
        setCurrent(''); setNext(''); setConfirm('');
        setNotice({
          type: 'success', title: 'Your password was changed',
          description: ended === 0 ? 'No other session was signed in.' : `${ended} other session${ended === 1 ? ' was' : 's were'} signed out.`,
        });
      },
      onError: (err) => setNotice({ type: 'error', title: `Failed to change your password: ${errorDetail(err)}` }),
    });
  };

  return (
    <Card title="Password" className="account-section">
      <FormNotice notice={notice} onClose={() => setNotice(null)} />
      <form className="account-form" aria-label="Change password" onSubmit={submit}>
        <label htmlFor={ids.current}>
          Current password
          <Input.Password id={ids.current} value={current} autoComplete="current-password" onChange={(e) => setCurrent(e.target.value)} />
        </label>
        <label htmlFor={ids.next}>
          New password
          <Input.Password id={ids.next} value={next} maxLength={200} autoComplete="new-password" onChange={(e) => setNext(e.target.value)} />
        </label>
        <label htmlFor={ids.confirm}>
          Confirm new password
          <Input.Password id={ids.confirm} value={confirm} maxLength={200} autoComplete="new-password" onChange={(e) => setConfirm(e.target.value)} />
        </label>
        {problem && <p className="account-hint" role="alert">{problem}</p>}
        <p className="account-hint">Changing the password signs you out everywhere else.</p>
        <div className="account-actions">
          <Button htmlType="submit" type="primary" loading={change.isPending} disabled={!!problem || !current || !next || next !== confirm}>Change password</Button>
        </div>
      </form>
    </Card>
  );
}
