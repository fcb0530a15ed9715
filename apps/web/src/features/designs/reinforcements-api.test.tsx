import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TReinforcementDesign, TReinforcementSave } from '@mailcraft/shared';
import { testQueryClient } from '../../test/render';
import { stubServer } from '../../test/fake-server';
import { useProjectReinforcements, useSaveReinforcement } from './reinforcements-api';

const PROJECT = '6f1c1c1e-1111-4222-8333-444455556666';
const template = { basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] }, schemas: [[]] } as TReinforcementSave['template_data'];
const stored = (slot: number, body: TReinforcementSave): TReinforcementDesign => ({
  id: `${PROJECT}-r${slot}`, project_id: PROJECT, slot, name: body.name, type: body.type ?? 'image', size: '8.5x11',
  thumbnail: `/thumbs/r${slot}.png`, updated_at: '2026-03-01T00:00:00.000Z', template_data: body.template_data,
});

describe('the reinforcements API', () => {
  it('lists the project reinforcements and saves one with PUT to its slot', async () => {
    const server: TReinforcementDesign[] = [stored(1, { name: 'Thank you', type: 'image', template_data: template })];
    const calls = stubServer({
      [`GET /api/projects/${PROJECT}/reinforcements`]: () => server,
      [`PUT /api/projects/${PROJECT}/reinforcements/3`]: ({ body }) => stored(3, body as TReinforcementSave),
    });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ list: useProjectReinforcements(PROJECT), save: useSaveReinforcement(PROJECT) }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.map((r) => r.name)).toEqual(['Thank you']));

    const body: TReinforcementSave = { name: 'Coupon', type: 'digital', template_data: template, thumbnail: 'data:image/png;base64,AA==' };
    await act(() => result.current.save.mutateAsync({ slot: 3, body }));

    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/api/projects/${PROJECT}/reinforcements/3`);
    expect(put.body).toEqual(body);
    await waitFor(() => expect(result.current.list.data?.map((r) => `R${r.slot} ${r.name}`)).toEqual(['R1 Thank you', 'R3 Coupon']));
  });
});
