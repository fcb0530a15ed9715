import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { aProject } from '../../test/fixtures';
import { ProjectCard } from './project-card';

describe('the project card thumbnails', () => {
  it('show the reinforcements that have a thumbnail, R1–R3, beside inside and outside', () => {
    renderWithApp(<ProjectCard project={aProject({ thumbnail_inside: '/t/inside.png', thumbnail_r1: '/t/r1.png', thumbnail_r3: '/t/r3.png' })} />);
    const thumbs = within(screen.getByRole('group', { name: 'Thumbnails' }));
    expect(thumbs.getByRole('img', { name: 'Inside preview' })).toHaveAttribute('src', '/t/inside.png');
    expect(thumbs.getByRole('img', { name: 'Reinforcement 1 thumbnail' })).toHaveAttribute('src', '/t/r1.png');
    expect(thumbs.getByRole('img', { name: 'Reinforcement 3 thumbnail' })).toHaveAttribute('src', '/t/r3.png');
    expect(thumbs.queryByRole('img', { name: 'Reinforcement 2 thumbnail' })).not.toBeInTheDocument();
    expect(thumbs.getByText('R2')).toBeInTheDocument();
  });
});
