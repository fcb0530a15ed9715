import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { Failure, Reply, stubServer } from '../../test/fake-server';
import { AddReinforcement, REMOVE_CONFIRM, ReinforcementBar } from './reinforcement-bar';
import type { ReinforcementType } from './reinforcement-tabs';

const PROJECT = '6f1c1c1e-1111-4222-8333-444455556666';

/** The bar as the workspace holds it: name and type in state, an emptied tab once removed. */
function Tab({ stored = true }: { stored?: boolean }) {
  const [state, setState] = useState<{ name: string; type: ReinforcementType } | null>({ name: 'Thank you', type: 'image' });
  if (!state) return <p>R2 is empty</p>;
  return (
    <>
      <ReinforcementBar
        projectId={PROJECT}
        slot={2}
        name={state.name}
        type={state.type}
        stored={stored}
        onNameChange={(name) => setState({ ...state, name })}
        onTypeChange={(type) => setState({ ...state, type })}
        onRemoved={() => setState(null)}
      />
      <output aria-label="Saved as">{`${state.name} (${state.type})`}</output>
    </>
  );
}

describe('the reinforcement bar', () => {
  it('requires a name', async () => {
    renderWithApp(<Tab />);
    const name = screen.getByRole('textbox', { name: 'Reinforcement name' });
    expect(name).toHaveValue('Thank you');
    expect(screen.queryByText('Reinforcement name is required')).not.toBeInTheDocument();

    await userEvent.clear(name);
    expect(await screen.findByText('Reinforcement name is required')).toBeInTheDocument();
    await userEvent.type(name, 'Coupon');
    expect(screen.getByRole('status', { name: 'Saved as' })).toHaveTextContent('Coupon (image)');
    await waitFor(() => expect(screen.queryByText('Reinforcement name is required')).not.toBeInTheDocument());
  });

  it('switches the type between Image and Digital', async () => {
    renderWithApp(<Tab />);
    expect(screen.getByRole('radio', { name: 'Image' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Digital' }));
    expect(screen.getByRole('radio', { name: 'Digital' })).toBeChecked();
    expect(screen.getByRole('status', { name: 'Saved as' })).toHaveTextContent('Thank you (digital)');
  });

  it('removes a saved reinforcement after confirmation with DELETE', async () => {
    const calls = stubServer({ [`DELETE /api/projects/${PROJECT}/reinforcements/2`]: () => new Reply(204) });
    renderWithApp(<Tab />);

    await userEvent.click(screen.getByRole('button', { name: /Remove reinforcement/ }));
    expect(await screen.findByText(REMOVE_CONFIRM)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('R2 is empty')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /api/projects/${PROJECT}/reinforcements/2`]);
  });

  it('keeps the reinforcement and says why when the removal fails', async () => {
    stubServer({ [`DELETE /api/projects/${PROJECT}/reinforcements/2`]: () => { throw new Failure(500, 'Storage unavailable'); } });
    renderWithApp(<Tab />);

    await userEvent.click(screen.getByRole('button', { name: /Remove reinforcement/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Failed to remove reinforcement: Storage unavailable')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reinforcement name' })).toHaveValue('Thank you');
  });

  it('drops a never-saved reinforcement without a request', async () => {
    const calls = stubServer({});
    renderWithApp(<Tab stored={false} />);
    await userEvent.click(screen.getByRole('button', { name: /Remove reinforcement/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('R2 is empty')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('an empty reinforcement tab', () => {
  it('offers to add the reinforcement of its slot', async () => {
    function Empty() {
      const [added, setAdded] = useState(false);
      return added ? <p>R1 added</p> : <AddReinforcement slot={1} onAdd={() => setAdded(true)} />;
    }
    renderWithApp(<Empty />);
    await userEvent.click(screen.getByRole('button', { name: 'Add reinforcement R1' }));
    expect(screen.getByText('R1 added')).toBeInTheDocument();
  });
});
