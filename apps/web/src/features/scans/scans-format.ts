/** A rate 0–1 as a percentage with one decimal, e.g. 0.125 → '12.5 %'. */
export const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
/** An ISO 8601 time in the user's locale, or '—' when there is none. */
export const when = (t: string | null) => (t ? new Date(t).toLocaleString() : '—');
