import { useRef, useState } from 'react';
import { Alert, Button, Input } from 'antd';
import { FONT_MAX_BYTES, FONT_NAME_MAX } from '@mailcraft/shared';
import { errorDetail } from '../../../lib/api-client';
import { useUploadFont } from './fonts-api';

/**
 * 'Upload a font' on /admin/fonts (docs/requirements/administration.md#administration): a TTF/OTF file (at most 10 MB; the server checks the
 * file itself) and an optional name shown in the designer (the family when empty). On refusal the
 * server's message is shown ('This file is not a TrueType or OpenType font.', 'A font named X
 * already exists' …) and the chosen file and name are kept; on success both are cleared.
 */
export function FontUploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFont();
  const tooLarge = file !== null && file.size > FONT_MAX_BYTES;

  const submit = () => {
    if (!file || tooLarge) return;
    setDone(null);
    upload.mutate({ file, name }, {
      onSuccess: (font) => {
        setDone(`Uploaded ${font.display_name} (${font.postscript_name})`);
        setFile(null);
        setName('');
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <form className="admin-font-upload" aria-label="Upload a font" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <label>
        Font file (.ttf, .otf)
        <input ref={input} type="file" accept=".ttf,.otf,font/ttf,font/otf" onChange={(e) => { setFile(e.target.files?.[0] ?? null); upload.reset(); setDone(null); }} />
      </label>
      <label>
        Name in the designer (optional)
        <Input value={name} maxLength={FONT_NAME_MAX} placeholder="The font's family" onChange={(e) => setName(e.target.value)} />
      </label>
      <Button htmlType="submit" type="primary" loading={upload.isPending} disabled={!file || tooLarge}>Upload</Button>
      {tooLarge && <Alert className="admin-font-wide" type="error" showIcon title={`A font file must be at most ${FONT_MAX_BYTES / 1024 / 1024} MB`} />}
      {upload.isError && <Alert className="admin-font-wide" type="error" showIcon role="alert" title={`Upload failed: ${errorDetail(upload.error)}`} />}
      {done && <Alert className="admin-font-wide" type="success" showIcon role="status" title={done} />}
    </form>
  );
}
