import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MARKER_MESSAGES as MM, type TMarkerSettings } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { MarkerStep } from './marker-step';
import { aLocation, Failure, Reply, stubMaps, type Call } from './test-helpers';

const location = aLocation({ id: '33333333-3333-4333-8333-333333333333', marker_url: '/api/maps/markers/x.png?v=1' });

function Harness({ initial, onEvent }: { initial: TMarkerSettings; onEvent: (m: TMarkerSettings) => void }) {
  const [marker, setMarker] = useState<TMarkerSettings | null>(initial);
  return <MarkerStep location={location} marker={marker} onMarkerChange={setMarker} onMarkerEvent={onEvent} />;
}
function setup(initial: TMarkerSettings = {}, routes: Record<string, (c: Call) => unknown> = {}) {
  const calls = stubMaps({
    'POST /api/maps/upload-marker': () => ({ markerUrl: '/api/maps/markers/x.png?v=2', settings: { width: 64, height: 32, logoOffsetX: 40, logoOffsetY: 12 } }),
    'POST /api/maps/update-marker-position': (c) => ({ markerSettings: c.body }),
    [`DELETE /api/maps/delete-marker/${location.id}`]: () => new Reply(204),
    'GET /api/maps/locations': () => [location],
    ...routes,
  });
  const onEvent = vi.fn();
  renderWithApp(<Harness initial={initial} onEvent={onEvent} />);
  return { calls, onEvent };
}
const png = (bytes = 100, type = 'image/png') => new File([new Uint8Array(bytes)], 'logo.png', { type });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Marker logo (image, under 1 MB)'), { target: { files: [file] } });

describe('Step 3, Business Display Marker', () => {
  it('shows the stored offsets ÷ 4, Y pointing down on the screen (stored Y points up)', () => {
    setup({ logoOffsetX: 40, logoOffsetY: -12 });
    expect(screen.getByLabelText('Offset X')).toHaveValue('10');
    expect(screen.getByLabelText('Offset Y')).toHaveValue('3');
  });

  it('uploads the logo with the shown offsets × 4 and Y inverted; the stored settings come back', async () => {
    const { calls, onEvent } = setup({ logoOffsetX: 40, logoOffsetY: -12, font: 'Georgia' });
    choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'Upload Marker' }));
    expect(await screen.findByText(MM.uploaded)).toBeInTheDocument();
    const form = calls.find((c) => c.path === '/api/maps/upload-marker')!.form!;
    expect([form.get('businessId'), form.get('logoOffsetX'), form.get('logoOffsetY')]).toEqual([location.id, '40', '-12']);
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(onEvent).toHaveBeenCalledWith({ logoOffsetX: 40, logoOffsetY: 12, font: 'Georgia', width: 64, height: 32 });
    expect(screen.getByLabelText('Offset Y')).toHaveValue('-3');
  });

  it('refuses what is not an image, or 1 MB and more, and an upload without a file', async () => {
    const { calls } = setup();
    choose(png(100, 'application/pdf'));
    expect(await screen.findByText(MM.notImage)).toBeInTheDocument();
    choose(png(1024 * 1024));
    expect(await screen.findByText(MM.tooLarge)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Marker' }));
    expect(await screen.findByText(MM.noLogo)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/maps/upload-marker')).toBe(false);
  });

  it('shows the server\'s words when an upload is refused', async () => {
    setup({}, { 'POST /api/maps/upload-marker': () => { throw new Failure(402, 'You need to upgrade your plan to save map configurations'); } });
    choose(png());
    fireEvent.click(screen.getByRole('button', { name: 'Upload Marker' }));
    expect(await screen.findByText('You need to upgrade your plan to save map configurations')).toBeInTheDocument();
  });

  it('sends an offset change once, 500 ms after the last one, in stored units', async () => {
    const { calls, onEvent } = setup({ logoOffsetX: 0, logoOffsetY: -12 });
    const x = screen.getByLabelText('Offset X');
    fireEvent.change(x, { target: { value: '4' } });
    fireEvent.change(x, { target: { value: '5' } });
    expect(calls.some((c) => c.path === '/api/maps/update-marker-position')).toBe(false);
    expect(await screen.findByText(MM.positionUpdated, {}, { timeout: 2000 })).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/api/maps/update-marker-position');
    expect(sent.map((c) => c.body)).toEqual([{ businessId: location.id, logoOffsetX: 20, logoOffsetY: -12, skipMapRegeneration: true }]);
    expect(onEvent).toHaveBeenCalledWith({ logoOffsetX: 20, logoOffsetY: -12 });
    fireEvent.change(screen.getByLabelText('Offset Y'), { target: { value: '5' } });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/maps/update-marker-position').at(-1)?.body).toMatchObject({ logoOffsetY: -20 }), { timeout: 2000 });
  });

  it('deletes the marker', async () => {
    const { calls, onEvent } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Marker' }));
    expect(await screen.findByText(MM.deleted)).toBeInTheDocument();
    await waitFor(() => expect(onEvent).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
