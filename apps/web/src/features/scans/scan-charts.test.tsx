import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countTicks } from '../../components/chart-scale';
import { CountBars } from './scan-charts';

describe('scan charts', () => {
  it('ticks are whole numbers from 0 past the largest count', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(120)).toEqual([0, 50, 100, 150]);
  });

  it('count bars show each name with its count, the longest bar for the most scans', () => {
    render(<CountBars name="Browsers" data={[{ name: 'Chrome', scans: 8 }, { name: 'Safari', scans: 2 }]} />);
    const items = within(screen.getByRole('list', { name: 'Browsers' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Chrome8', 'Safari2']);
    const widths = items.map((li) => (li.querySelector('.count-bars-bar') as HTMLElement).style.width);
    expect(widths).toEqual(['100%', '25%']);
  });
});
