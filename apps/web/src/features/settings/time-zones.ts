/** The browser's IANA time zone, e.g. 'Europe/Berlin'. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every IANA time zone the browser knows (Intl.supportedValuesOf), plus `extra` when it is missing from the list. */
export function timeZoneChoices(extra: string | null): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimeZone()];
  return extra && !zones.includes(extra) ? [extra, ...zones] : zones;
}
