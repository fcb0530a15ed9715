import { useId, useState } from 'react';
import { Button, Input, Typography } from 'antd';
import { requestPath } from '../test-api/request-path';

/**
 * The API Debug tab's custom endpoint tester (docs/requirements/print-on-demand-api.md#screens): a path input and 'Test', which hands
 * the path (with a leading '/', sent as typed: no /api prefix added) to `onTest` for one GET.
 * A blank path says 'Please enter an API endpoint'.
 */
export function CustomCheckForm({ onTest }: { onTest: (path: string) => void }) {
  const id = useId();
  const [path, setPath] = useState('');
  const [invalid, setInvalid] = useState(false);
  const test = () => {
    if (!path.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onTest(requestPath(path, false));
  };
  return (
    <div className="pod-field">
      <label htmlFor={id}>Custom endpoint</label>
      <div className="pod-inline">
        <Input id={id} placeholder="/api/projects/{id}" value={path} autoComplete="off" spellCheck={false} status={invalid ? 'error' : undefined}
          onChange={(e) => setPath(e.target.value)} onPressEnter={test} />
        <Button onClick={test}>Test</Button>
      </div>
      {invalid && <Typography.Text type="danger" role="alert">Please enter an API endpoint</Typography.Text>}
    </div>
  );
}
