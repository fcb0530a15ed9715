import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { aProject } from '../../test/fixtures';
import { TemplateSetup } from './template-setup';

/** The paper sizes the open Paper size dropdown offers, by their labels. */
async function paperSizes() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Paper size' }));
  const listbox = await screen.findByRole('listbox');
  const popup = listbox.closest('.ant-select-dropdown') ?? document.body;
  return [...popup.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
}

describe('template setup: paper sizes', () => {
  it('offers only the sizes a self-mailer can be printed at, none disabled or "coming soon"', async () => {
    stubApi({});
    renderWithApp(<TemplateSetup project={aProject({ template_type: 'self_mailer', paper_size: '8.5x11' })} onClose={() => {}} />);
    expect(await paperSizes()).toEqual(['8.5x11']);
    expect(document.querySelector('.ant-select-item-option-disabled')).toBeNull();
    expect(screen.queryByText('coming soon')).not.toBeInTheDocument();
  });

  it('offers a postcard its own size only', async () => {
    stubApi({});
    renderWithApp(<TemplateSetup project={aProject({ template_type: 'postcard', paper_size: '6x9' })} onClose={() => {}} />);
    expect(await paperSizes()).toEqual(['6x9']);
  });
});
