import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsFromConfig, type MapSettings } from './map-draft';
import { MapSettingsStep } from './map-settings-step';

function Harness({ onChange }: { onChange?: (s: MapSettings) => void }) {
  const [settings, setSettings] = useState(settingsFromConfig(null));
  return <MapSettingsStep settings={settings} onChange={(s) => { setSettings(s); onChange?.(s); }} />;
}
const summaryValue = (term: string) => {
  const dt = screen.getAllByRole('term').find((t) => t.textContent === term)!;
  return dt.nextElementSibling!.textContent;
};
const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('Step 2, Map Settings', () => {
  it('summarises the defaults: Streets Clean, 600x900, 12 px, 22 %', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Map Style')).toHaveValue('streets-clean');
    expect(screen.getByRole('option', { name: 'Streets Dark' })).toBeInTheDocument();
    expect(summaryValue('Style')).toBe('Streets Clean');
    expect(summaryValue('Dimensions')).toBe('600x900');
    expect(summaryValue('Route width')).toBe('12 px');
    expect(summaryValue('Transparency')).toBe('22%');
  });

  it('links transparency and the colour\'s alpha both ways', () => {
    render(<Harness />);
    type('Route Transparency (%)', '40');
    expect(screen.getByLabelText('Opacity')).toHaveValue('0.60');
    expect(summaryValue('Route color')).toBe('rgba(15,83,254,0.6)');
    type('Opacity', '0.25');
    expect(screen.getByLabelText('Route Transparency (%)')).toHaveValue('75');
    expect(summaryValue('Transparency')).toBe('75%');
    fireEvent.change(screen.getByLabelText('Route Color'), { target: { value: '#ff0000' } });
    expect(summaryValue('Route color')).toBe('rgba(255,0,0,0.25)');
  });

  it('sets the size from the orientation presets; Custom shows width and height, 300–1200 in steps of 50', () => {
    render(<Harness />);
    const orientation = screen.getByLabelText('Map Orientation');
    expect(orientation).toHaveValue('vertical');
    fireEvent.change(orientation, { target: { value: 'horizontal' } });
    expect(summaryValue('Dimensions')).toBe('900x600');
    fireEvent.change(orientation, { target: { value: 'square' } });
    expect(summaryValue('Dimensions')).toBe('600x600');
    expect(screen.queryByLabelText('Width (px)')).toBeNull();
    fireEvent.change(orientation, { target: { value: 'custom' } });
    expect(summaryValue('Dimensions')).toBe('600x600');
    const width = screen.getByLabelText('Width (px)');
    expect(width).toHaveAttribute('aria-valuemin', '300');
    expect(width).toHaveAttribute('aria-valuemax', '1200');
    type('Width (px)', '820');
    expect(summaryValue('Dimensions')).toBe('800x600');
  });

  it('keeps the route width within 2–20 px', () => {
    render(<Harness />);
    type('Route Width (px)', '16');
    expect(summaryValue('Route width')).toBe('16 px');
    expect(screen.getByLabelText('Route Width (px)')).toHaveAttribute('aria-valuemax', '20');
  });
});
