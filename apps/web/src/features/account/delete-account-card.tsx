import { useId, useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TAccount } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { errorDetail } from '../../lib/api-client';
import { clearSelectedProject } from '../projects/selected-project';
import { useDeleteAccount } from './account-api';
import { FormNotice, type Notice } from './form-notice';

/**
 * 'Delete account' on /account (docs/requirements/administration.md#administration): the user types their email and password; 'Delete my
 * account' stays disabled until the typed email is theirs. The server checks both again and
 * refuses the last administrator. After deletion the app forgets everything and goes to /login.
 */
export function DeleteAccountCard({ account }: { account: TAccount }) {
  const ids = { email: useId(), password: useId() };
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const matches = typed.trim().toLowerCase() === account.email;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!matches || !password) return;
    setNotice(null);
    remove.mutate({ confirm_email: typed.trim(), current_password: password }, {
      onSuccess: () => {
        clearSelectedProject();
        client.clear();
        navigate('/login', { replace: true });
      },
      onError: (err) => setNotice({ type: 'error', title: `Failed to delete your account: ${errorDetail(err)}` }),
    });
  };

  return (
    <Card title="Delete account" className="account-section account-danger">
      <FormNotice notice={notice} onClose={() => setNotice(null)} />
      <form className="account-form" aria-label="Delete account" onSubmit={submit}>
        <p className="account-hint">
          This deletes your projects, mailing lists, designs, print files, QR codes, API keys and everything else in your account, at once and for good.
          Download your data first if you want to keep it.
        </p>
        <label htmlFor={ids.email}>
          Type your email ({account.email}) to confirm
          <Input id={ids.email} value={typed} autoComplete="off" spellCheck={false} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <label htmlFor={ids.password}>
          Current password
          <Input.Password id={ids.password} value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} />
        </label>
        <div className="account-actions">
          <Button htmlType="submit" danger type="primary" loading={remove.isPending} disabled={!matches || !password}>Delete my account</Button>
        </div>
      </form>
    </Card>
  );
}
