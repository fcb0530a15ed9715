/** Colours of the offline base map per map style (docs/requirements/maps.md#limits: streets clean, streets dark). */
export type MapPalette = {
  water: string; land: string; stateLine: string; countyLine: string; roadCasing: string; road: string;
  customer: string; halo: string; label: string; labelBox: string;
};

const CLEAN: MapPalette = {
  water: '#d4e4ef', land: '#f5f3ee', stateLine: '#a39e93', countyLine: '#d3cdc1', roadCasing: '#d9d3c7', road: '#ffffff',
  customer: '#1f2937', halo: '#ffffff', label: '#111827', labelBox: 'rgba(255,255,255,0.92)',
};
const DARK: MapPalette = {
  water: '#162029', land: '#262b33', stateLine: '#6b7280', countyLine: '#3a414c', roadCasing: '#1c2027', road: '#4b5563',
  customer: '#f9fafb', halo: '#111827', label: '#f9fafb', labelBox: 'rgba(17,24,39,0.88)',
};

/** The palette of a map style id; any id but 'streets-dark' draws as streets clean (docs/requirements/maps.md#limits). */
export const paletteOf = (style: string): MapPalette => (style === 'streets-dark' ? DARK : CLEAN);
