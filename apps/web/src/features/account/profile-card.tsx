import { useId, useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import type { TAccount } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { errorDetail } from '../../lib/api-client';
import { useChangeEmail, useRename } from './account-api';
import { FormNotice, type Notice } from './form-notice';

/**
 * 'Profile' on /account (docs/requirements/administration.md#administration): the given name (PATCH /api/account) and the email, whose
 * change asks for the current password (PUT /api/account/email). A failed save keeps what the
 * user typed and says why ('Failed to save your name: …', 'Failed to change your email: …').
 */
export function ProfileCard({ account }: { account: TAccount }) {
  const ids = { name: useId(), email: useId(), password: useId() };
  const rename = useRename();
  const changeEmail = useChangeEmail();
  const [name, setName] = useState(account.given_name);
  const [email, setEmail] = useState(account.email);
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  const saveName = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    rename.mutate(name.trim(), {
      onSuccess: (saved) => { setName(saved.given_name); setNotice({ type: 'success', title: 'Your name was saved' }); },
      onError: (err) => setNotice({ type: 'error', title: `Failed to save your name: ${errorDetail(err)}` }),
    });
  };
  const saveEmail = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    changeEmail.mutate({ email: email.trim(), current_password: password }, {
      onSuccess: (saved) => {
        setEmail(saved.email);
        setPassword('');
        setNotice({ type: 'success', title: 'Your email was changed', description: `Sign in with ${saved.email} from now on.` });
      },
      onError: (err) => setNotice({ type: 'error', title: `Failed to change your email: ${errorDetail(err)}` }),
    });
  };
  const emailChanged = email.trim().toLowerCase() !== account.email;

  return (
    <Card title="Profile" className="account-section">
      <FormNotice notice={notice} onClose={() => setNotice(null)} />
      <form className="account-form" aria-label="Name" onSubmit={saveName}>
        <label htmlFor={ids.name}>
          Given name
          <Input id={ids.name} value={name} maxLength={100} autoComplete="given-name" onChange={(e) => setName(e.target.value)} />
        </label>
        <div className="account-actions">
          <Button htmlType="submit" type="primary" loading={rename.isPending} disabled={!name.trim() || name.trim() === account.given_name}>Save name</Button>
        </div>
      </form>
      <form className="account-form" aria-label="Email" onSubmit={saveEmail}>
        <label htmlFor={ids.email}>
          Email
          <Input id={ids.email} type="email" value={email} maxLength={254} autoComplete="email" onChange={(e) => setEmail(e.target.value)} />
        </label>
        {emailChanged && (
          <label htmlFor={ids.password}>
            Current password
            <Input.Password id={ids.password} value={password} autoComplete="current-password" onChange={(e) => setPassword(e.target.value)} />
          </label>
        )}
        <div className="account-actions">
          <Button htmlType="submit" loading={changeEmail.isPending} disabled={!emailChanged || !email.trim() || !password}>Change email</Button>
        </div>
      </form>
    </Card>
  );
}
