import { randomBytes } from 'node:crypto';

/** Builds a multipart/form-data body with one file part (and optional text fields) for inject(). */
export function multipartBody(file: { name: string; data: Buffer; type?: string }, fields: Record<string, string> = {}) {
  const boundary = `----mc${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
  ));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
