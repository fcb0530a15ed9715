import { describe, expect, it } from 'vitest';
import { buildTemplates, defaultFormat, formatChoices, newestFirst, projectTemplateType } from './templates';
import { aProject } from './test-fixtures';

describe('order entry pseudo-templates', () => {
  it('builds the main template with both faces and a reinforcement template only for each thumbnail that exists', () => {
    const project = aProject({ thumbnail_r1: '/r1.png', thumbnail_r3: '/r3.png' });
    const templates = buildTemplates(project);
    expect(templates.map((t) => [t.id, t.kind, t.sides])).toEqual([
      [`${project.id}-main`, 'main', 2],
      [`${project.id}-r1`, 'reinforcement', 1],
      [`${project.id}-r3`, 'reinforcement', 1],
    ]);
    expect(templates[0].faces).toEqual([
      { label: 'Outside', url: project.thumbnail_outside },
      { label: 'Inside', url: project.thumbnail_inside },
    ]);
    expect(templates[2].faces).toEqual([{ label: 'Front', url: '/r3.png' }]);
  });

  it('builds only the main template when no reinforcement thumbnail exists, faces without pictures as null', () => {
    const templates = buildTemplates(aProject({ thumbnail_inside: null, thumbnail_outside: null }));
    expect(templates).toHaveLength(1);
    expect(templates[0].faces.map((f) => f.url)).toEqual([null, null]);
  });

  it("takes the project's type, and falls back on the name rule ('self-mailer' in it) without one", () => {
    expect(projectTemplateType({ name: 'Anything', template_type: 'postcard' })).toBe('postcard');
    expect(projectTemplateType({ name: 'My Self-Mailer run', template_type: null })).toBe('self_mailer');
    expect(projectTemplateType({ name: 'Spring cards' })).toBe('postcard');
    expect(buildTemplates(aProject({ template_type: 'postcard' })).every((t) => t.type === 'postcard')).toBe(true);
  });

  it('offers mailer-letter and mailer-tabloid for a self-mailer, postcard otherwise', () => {
    expect(formatChoices('self_mailer')).toEqual(['mailer-letter', 'mailer-tabloid']);
    expect(formatChoices('postcard')).toEqual(['postcard']);
    expect(defaultFormat('self_mailer')).toBe('mailer-letter');
    expect(defaultFormat('postcard')).toBe('postcard');
  });

  it('sorts projects newest first without changing the input', () => {
    const input = [{ created_at: '2026-01-01T00:00:00Z', n: 1 }, { created_at: '2026-03-01T00:00:00Z', n: 2 }, { created_at: '2026-02-01T00:00:00Z', n: 3 }];
    expect(newestFirst(input).map((p) => p.n)).toEqual([2, 3, 1]);
    expect(input.map((p) => p.n)).toEqual([1, 2, 3]);
  });
});
