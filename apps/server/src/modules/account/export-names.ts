/**
 * File and folder names inside the data export: the user's own names made safe for every
 * unzip tool (no slashes, control or reserved characters, at most 80 characters), unique within
 * their folder ('Spring mailer', 'Spring mailer (2)', …).
 */
export class ExportNames {
  private readonly used = new Set<string>();

  /** A unique safe name for `name` (`ext` appended, e.g. '.csv'); 'untitled' when nothing is left. */
  take(name: string, ext = ''): string {
    // eslint-disable-next-line no-control-regex -- control characters are removed from file names
    const base = name.normalize('NFC').replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 80) || 'untitled';
    let candidate = `${base}${ext}`;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}
