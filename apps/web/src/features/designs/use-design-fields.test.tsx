import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TProject } from '@mailcraft/shared';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { aMailingList, aPreview, aProject, someMappings } from '../../test/fixtures';
import { MappingEditor } from '../column-mappings/mapping-editor';
import { FieldsPanel } from './fields-panel';
import { useDesignFields } from './use-design-fields';

/** The Designer's Fields panel as the workspace shows it. */
function DesignerFields({ project }: { project: TProject }) {
  const { panel } = useDesignFields(project);
  return <FieldsPanel {...panel} sideLabel="Outside" disabled={false} onInsert={() => {}} />;
}

const headers = ['First', 'Town'];
const rows = [['ann', 'Springfield'], ['bob', 'Shelbyville']];

describe("the Designer's fields", () => {
  it('show the mapped fields of the project list with the first record’s values', async () => {
    stubApi({
      'GET /api/mappings/list/list-1': () => someMappings({ First: 'first_name', Town: 'city' }),
      'GET /api/lists/list-1/preview': () => aPreview(headers, rows),
      'GET /api/templates/permits': () => [],
    });
    renderWithApp(<DesignerFields project={aProject({ list_id: 'list-1' })} />);
    const fields = within(await screen.findByRole('region', { name: 'Mailing list fields' }));
    expect(await fields.findByRole('button', { name: /^First Name/ })).toHaveTextContent('ann');
    expect(fields.getByRole('button', { name: /^City/ })).toHaveTextContent('Springfield');
  });

  it('offer to upload a list when the project has none', async () => {
    stubApi({ 'GET /api/templates/permits': () => [] });
    renderWithApp(<DesignerFields project={aProject({ id: 'p9', list_id: null })} />);
    expect(await screen.findByRole('link', { name: 'Upload a list' })).toHaveAttribute('href', '/upload?project=p9');
  });

  it('include a field as soon as its mapping is saved on the mapping screen', async () => {
    // The server's saved mappings: only First at first; saving replaces them.
    let saved = someMappings({ First: 'first_name' });
    stubApi({
      'GET /api/mappings/list/list-1': () => saved,
      'POST /api/lists/map-columns': ({ body }) => {
        saved = someMappings((body as { mappings: Record<string, string> }).mappings);
        return { ok: true };
      },
      'GET /api/lists/list-1/preview': () => aPreview(headers, rows),
      'GET /api/templates/permits': () => [],
    });
    const project = aProject({ list_id: 'list-1' });
    // One QueryClient for both screens, as in the app; the user has mapped Town to City on the
    // mapping screen and not saved yet.
    renderWithApp(
      <>
        <DesignerFields project={project} />
        <MappingEditor
          projectId={project.id}
          list={aMailingList()}
          headers={headers}
          sampleRows={rows}
          initial={someMappings({ First: 'first_name', Town: 'city' }, false)}
        />
      </>,
    );
    const fields = within(await screen.findByRole('region', { name: 'Mailing list fields' }));
    await fields.findByRole('button', { name: /^First Name/ });
    expect(fields.queryByRole('button', { name: /^City/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Save Mappings & Continue/ }));

    expect(await fields.findByRole('button', { name: /^City/ })).toHaveTextContent('Springfield');
  });
});
