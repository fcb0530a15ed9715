/**
 * Column names of an imported list (docs/requirements/mailing-lists.md#upload): trimmed, a blank one named `Column N` after its
 * 1-based position, duplicates made unique with a suffix (`Email`, `Email_2`). A suffix never
 * takes a name that another column already has.
 */
export function cleanHeaders(raw: string[]): string[] {
  const trimmed = raw.map((h, i) => h.trim() || `Column ${i + 1}`);
  const reserved = new Set(trimmed);
  const taken = new Set<string>();
  return trimmed.map((name) => {
    const unique = taken.has(name) ? nextFreeName(name, (n) => taken.has(n) || reserved.has(n)) : name;
    taken.add(unique);
    return unique;
  });
}

/**
 * A name for a column found past the end of the header row (a data row longer than the
 * header): `Column N`, made unique among `existing`.
 */
export function extraColumnName(position: number, existing: string[]): string {
  const name = `Column ${position}`;
  const used = new Set(existing);
  return used.has(name) ? nextFreeName(name, (n) => used.has(n)) : name;
}

function nextFreeName(name: string, isUsed: (n: string) => boolean): string {
  for (let k = 2; ; k++) {
    const candidate = `${name}_${k}`;
    if (!isUsed(candidate)) return candidate;
  }
}
