/**
 * Artwork of the built-in samples, drawn for this project as plain SVG shapes (see README.md):
 * flat illustrations on a 100 × 100 canvas, drawn into `svg` elements.
 */

const doc = (body: string) => `<svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;

/** A house with a "For sale / open" sign, a tree and a path (open house). */
export const houseArt = doc(`
<circle cx="50" cy="50" r="48" fill="#fdf6e3"/>
<rect x="4" y="78" width="92" height="10" rx="3" fill="#8fbf6f"/>
<rect x="24" y="44" width="44" height="36" fill="#ffffff"/>
<polygon points="18,47 46,22 74,47" fill="#c2410c"/>
<rect x="58" y="26" width="7" height="14" fill="#7c2d12"/>
<rect x="40" y="60" width="12" height="20" fill="#1e3a5f"/>
<circle cx="49.5" cy="70.5" r="1" fill="#f5c542"/>
<rect x="28" y="52" width="9" height="9" fill="#93c5fd"/>
<rect x="56" y="52" width="9" height="9" fill="#93c5fd"/>
<rect x="32" y="52" width="1" height="9" fill="#ffffff"/>
<rect x="60" y="52" width="1" height="9" fill="#ffffff"/>
<polygon points="42,80 50,80 56,96 34,96" fill="#e7d7b5"/>
<rect x="79" y="52" width="3" height="28" fill="#7c5a3a"/>
<circle cx="80.5" cy="46" r="11" fill="#4d7c3a"/>
<circle cx="86" cy="53" r="7" fill="#5f9447"/>
<rect x="8" y="58" width="2" height="22" fill="#475569"/>
<rect x="6" y="58" width="14" height="2" fill="#475569"/>
<rect x="10" y="61" width="12" height="8" rx="1" fill="#c2410c"/>
<rect x="12" y="64" width="8" height="1.6" fill="#ffffff"/>`);

/** A storefront with an awning, a ribbon and balloons (grand opening). */
export const storefrontArt = doc(`
<circle cx="50" cy="50" r="48" fill="#fff7ed"/>
<rect x="18" y="40" width="64" height="46" fill="#ffffff"/>
<rect x="14" y="30" width="72" height="10" fill="#7c3aed"/>
<path d="M14 40 h9 a4.5 4.5 0 0 1 -9 0Z M23 40 h9 a4.5 4.5 0 0 1 -9 0Z M32 40 h9 a4.5 4.5 0 0 1 -9 0Z M41 40 h9 a4.5 4.5 0 0 1 -9 0Z M50 40 h9 a4.5 4.5 0 0 1 -9 0Z M59 40 h9 a4.5 4.5 0 0 1 -9 0Z M68 40 h9 a4.5 4.5 0 0 1 -9 0Z M77 40 h9 a4.5 4.5 0 0 1 -9 0Z" fill="#a78bfa"/>
<rect x="24" y="52" width="22" height="18" fill="#bae6fd"/>
<rect x="54" y="52" width="20" height="34" fill="#4c1d95"/>
<circle cx="70" cy="70" r="1.2" fill="#fbbf24"/>
<rect x="10" y="62" width="80" height="5" fill="#e11d48"/>
<polygon points="46,64.5 40,76 44,75 46,80 48,75 52,76" fill="#be123c"/>
<circle cx="46" cy="64.5" r="3.5" fill="#e11d48"/>
<rect x="8" y="86" width="84" height="3" rx="1.5" fill="#cbd5e1"/>
<path d="M12 28 q-1 10 2 20" stroke="#64748b" stroke-width="0.6" fill="none"/>
<ellipse cx="12" cy="22" rx="6" ry="7.5" fill="#f59e0b"/>
<path d="M88 26 q1 10 -2 22" stroke="#64748b" stroke-width="0.6" fill="none"/>
<ellipse cx="88" cy="19" rx="6" ry="7.5" fill="#10b981"/>
<ellipse cx="80" cy="12" rx="5" ry="6.5" fill="#ec4899"/>
<path d="M80 18.5 q-2 6 6 10" stroke="#64748b" stroke-width="0.6" fill="none"/>
<circle cx="30" cy="14" r="1.5" fill="#f59e0b"/><circle cx="45" cy="9" r="1.2" fill="#ec4899"/>
<circle cx="60" cy="15" r="1.4" fill="#10b981"/><circle cx="68" cy="7" r="1" fill="#7c3aed"/>`);

/** Autumn leaves and a price tag (seasonal offer). */
export const leavesArt = doc(`
<circle cx="50" cy="50" r="48" fill="#fffbeb"/>
<path d="M30 20 C44 22 50 36 44 50 C30 48 22 34 30 20Z" fill="#ea580c"/>
<path d="M30 20 L44 50" stroke="#9a3412" stroke-width="1.2"/>
<path d="M72 14 C84 24 82 40 70 46 C62 36 62 22 72 14Z" fill="#f59e0b"/>
<path d="M72 14 L70 46" stroke="#b45309" stroke-width="1.2"/>
<path d="M16 58 C26 50 40 54 42 66 C30 72 18 68 16 58Z" fill="#b91c1c"/>
<path d="M16 58 L42 66" stroke="#7f1d1d" stroke-width="1.2"/>
<path d="M52 58 L84 58 L92 70 L84 82 L52 82 Z" fill="#166534"/>
<circle cx="85" cy="70" r="2.5" fill="#fffbeb"/>
<rect x="57" y="63" width="20" height="3" rx="1.5" fill="#fde68a"/>
<rect x="57" y="69" width="24" height="3" rx="1.5" fill="#fde68a"/>
<rect x="57" y="75" width="14" height="3" rx="1.5" fill="#fde68a"/>
<path d="M56 30 C62 32 64 38 60 42 C54 40 52 34 56 30Z" fill="#d97706"/>
<circle cx="26" cy="86" r="3" fill="#f59e0b"/><circle cx="40" cy="90" r="2" fill="#ea580c"/>`);

/** A smiling tooth with a sparkle and a calendar (dental check-up). */
export const toothArt = doc(`
<circle cx="50" cy="50" r="48" fill="#ecfeff"/>
<path d="M30 22 C38 16 44 22 50 22 C56 22 62 16 70 22 C80 30 76 48 72 58 C68 70 68 84 62 84 C56 84 56 66 50 66 C44 66 44 84 38 84 C32 84 32 70 28 58 C24 48 20 30 30 22Z" fill="#ffffff" stroke="#0e7490" stroke-width="2"/>
<circle cx="42" cy="42" r="2.2" fill="#0e7490"/>
<circle cx="58" cy="42" r="2.2" fill="#0e7490"/>
<path d="M42 50 Q50 57 58 50" stroke="#0e7490" stroke-width="2" fill="none"/>
<circle cx="37" cy="48" r="3" fill="#fda4af"/>
<circle cx="63" cy="48" r="3" fill="#fda4af"/>
<path d="M80 14 L82 20 L88 22 L82 24 L80 30 L78 24 L72 22 L78 20Z" fill="#facc15"/>
<path d="M18 66 L19.5 70 L23.5 71.5 L19.5 73 L18 77 L16.5 73 L12.5 71.5 L16.5 70Z" fill="#67e8f9"/>
<rect x="70" y="64" width="22" height="22" rx="2" fill="#ffffff" stroke="#0891b2" stroke-width="1.2"/>
<rect x="70" y="64" width="22" height="6" rx="2" fill="#0891b2"/>
<rect x="74" y="74" width="4" height="3" fill="#a5f3fc"/><rect x="80" y="74" width="4" height="3" fill="#a5f3fc"/>
<rect x="86" y="74" width="3" height="3" fill="#a5f3fc"/><rect x="74" y="79" width="4" height="3" fill="#0891b2"/>`);

/** A plate with a dish, fork and knife, and steam (restaurant new menu). */
export const plateArt = doc(`
<circle cx="50" cy="50" r="48" fill="#fef2f2"/>
<circle cx="50" cy="54" r="30" fill="#ffffff" stroke="#e5e7eb" stroke-width="1.5"/>
<circle cx="50" cy="54" r="22" fill="#fafaf9" stroke="#e7e5e4" stroke-width="1"/>
<ellipse cx="50" cy="56" rx="15" ry="10" fill="#f59e0b"/>
<ellipse cx="44" cy="53" rx="5" ry="3.5" fill="#b45309"/>
<ellipse cx="56" cy="57" rx="5" ry="3.5" fill="#b45309"/>
<circle cx="50" cy="49" r="2.5" fill="#16a34a"/><circle cx="46" cy="60" r="2" fill="#16a34a"/><circle cx="57" cy="51" r="1.8" fill="#dc2626"/>
<rect x="10" y="30" width="3" height="48" rx="1.5" fill="#6b7280"/>
<rect x="6" y="22" width="1.6" height="12" fill="#6b7280"/><rect x="10.7" y="22" width="1.6" height="12" fill="#6b7280"/><rect x="15.4" y="22" width="1.6" height="12" fill="#6b7280"/>
<rect x="6" y="33" width="11" height="3" rx="1.5" fill="#6b7280"/>
<path d="M88 22 C94 30 94 44 90 48 L90 78 L86 78 L86 22Z" fill="#6b7280"/>
<path d="M42 24 q-4 -5 0 -10 q4 -5 0 -10" stroke="#fca5a5" stroke-width="1.6" fill="none"/>
<path d="M50 22 q-4 -5 0 -10 q4 -5 0 -10" stroke="#fca5a5" stroke-width="1.6" fill="none"/>
<path d="M58 24 q-4 -5 0 -10 q4 -5 0 -10" stroke="#fca5a5" stroke-width="1.6" fill="none"/>`);

/** An outdoor AC unit with a fan, a thermometer and a snowflake/sun (HVAC tune-up). */
export const hvacArt = doc(`
<circle cx="50" cy="50" r="48" fill="#eff6ff"/>
<rect x="14" y="38" width="54" height="44" rx="3" fill="#e2e8f0" stroke="#334155" stroke-width="1.5"/>
<circle cx="41" cy="60" r="15" fill="#ffffff" stroke="#334155" stroke-width="1.5"/>
<path d="M41 60 C41 50 47 47 49 50 C50 54 45 58 41 60Z" fill="#2563eb"/>
<path d="M41 60 C50 63 51 70 48 71 C44 72 41 66 41 60Z" fill="#2563eb"/>
<path d="M41 60 C33 64 29 60 31 57 C33 54 39 57 41 60Z" fill="#2563eb"/>
<circle cx="41" cy="60" r="2.5" fill="#334155"/>
<rect x="58" y="44" width="6" height="2" fill="#94a3b8"/><rect x="58" y="49" width="6" height="2" fill="#94a3b8"/><rect x="58" y="54" width="6" height="2" fill="#94a3b8"/>
<rect x="18" y="82" width="6" height="4" fill="#334155"/><rect x="58" y="82" width="6" height="4" fill="#334155"/>
<rect x="78" y="24" width="8" height="48" rx="4" fill="#ffffff" stroke="#334155" stroke-width="1.5"/>
<circle cx="82" cy="74" r="7" fill="#dc2626" stroke="#334155" stroke-width="1.5"/>
<rect x="80.5" y="42" width="3" height="30" fill="#dc2626"/>
<circle cx="26" cy="20" r="7" fill="#facc15"/>
<path d="M26 9 V5 M26 31 V35 M15 20 H11 M37 20 H41 M18 12 L15 9 M34 28 L37 31 M34 12 L37 9 M18 28 L15 31" stroke="#facc15" stroke-width="2"/>
<path d="M56 12 V30 M48 21 H64 M50 15 L62 27 M62 15 L50 27" stroke="#38bdf8" stroke-width="2"/>`);
