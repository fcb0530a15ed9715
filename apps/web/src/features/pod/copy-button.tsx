import { Button, Tooltip } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useFlashMessage } from '../permits/use-flash-message';

/** How long the copy-confirmation icon shows, ms (docs/requirements/print-on-demand-api.md#rules: 2 seconds). */
export const COPY_CONFIRM_MS = 2_000;

/**
 * A small copy button (docs/requirements/print-on-demand-api.md#screens): writes `text` to the clipboard, then shows a green check
 * (labelled 'Copied') for COPY_CONFIRM_MS instead of the copy icon. `label` is its accessible name,
 * e.g. 'Copy API key'. A clipboard the page may not use changes nothing (no confirmation shows).
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const copied = useFlashMessage<true>(COPY_CONFIRM_MS);
  const copy = () => {
    navigator.clipboard?.writeText(text).then(() => copied.show(true), () => {});
  };
  return (
    <Tooltip title={copied.text ? 'Copied' : label}>
      <Button size="small" type="text" aria-label={label} data-copied={copied.text ? 'true' : 'false'} onClick={copy}
        icon={copied.text ? <CheckOutlined className="pod-copied" aria-label="Copied" /> : <CopyOutlined />} />
    </Tooltip>
  );
}
