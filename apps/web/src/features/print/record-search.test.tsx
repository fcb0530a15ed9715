import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RecordSearch, type FoundRecord } from './record-search';

const FOUND: FoundRecord[] = [
  { record: 3, name: 'Art Venere', address: '8 W Cerritos Ave #54, Bridgeport, NJ 08014' },
  { record: 17, name: 'Ernie Stenseth', address: '45 E Liberty St, Ridgefield Park, NJ 07660' },
];

function Harness({ onPick }: { onPick: (n: number) => void }) {
  const [query, setQuery] = useState('');
  return <RecordSearch query={query} onQuery={setQuery} found={query ? FOUND : undefined} searching={false} onPick={onPick} />;
}

describe('Find a record (docs/requirements/workflow.md#clear-states-and-fast-pages proofs)', () => {
  it('lists the matches as options; a click or the arrow keys and Enter jump to the record', async () => {
    const picked: number[] = [];
    render(<Harness onPick={(n) => picked.push(n)} />);
    const box = screen.getByRole('combobox', { name: 'Find a record' });
    await userEvent.type(box, 'e');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '#3 Art Venere 8 W Cerritos Ave #54, Bridgeport, NJ 08014', '#17 Ernie Stenseth 45 E Liberty St, Ridgefield Park, NJ 07660',
    ]);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(picked).toEqual([17]);
    expect(box).toHaveValue('');
    await userEvent.type(box, 'a');
    await userEvent.click(screen.getByRole('option', { name: /Art Venere/ }));
    expect(picked).toEqual([17, 3]);
  });
});
