import { describe, expect, it } from 'vitest';
import { STEPS, rewriteNavigation, stepFromPath, stepHref } from './workflow-steps';

describe('workflow steps', () => {
  it('are the six steps of the progress bar, in order', () => {
    expect(STEPS.map((s) => s.title)).toEqual([
      'Projects', 'Mailing List', 'Maps (Optional)', 'QR Codes (Optional)', 'Designer', 'Print Preview',
    ]);
    expect(STEPS.map((s) => s.navLabel)).toEqual(['Projects', 'Mailing List', 'Maps', 'QR Codes', 'Designer', 'Print Preview']);
  });

  it.each([
    ['/projects', 'projects'],
    ['/projects/p1', 'projects'],
    ['/projects/p1/editor', 'editor'],
    ['/projects/p1/production', 'production'],
    ['/upload', 'upload'],
    ['/maps', 'maps'],
    ['/qr/l1', 'qr'],
    ['/pod/api-keys', 'pod'],
    ['/', null],
    ['/pricing', null],
    ['/admin/fonts', null],
  ])('the step of %s is %s', (path, step) => {
    expect(stepFromPath(path)).toBe(step);
  });
});

describe('which steps can be reached', () => {
  it('without a project: only Projects', () => {
    expect(STEPS.map((s) => stepHref(s.key, null, null))).toEqual(['/projects', null, null, null, null, null]);
  });

  it('with a project but no list: Projects and Mailing List', () => {
    expect(STEPS.map((s) => stepHref(s.key, 'p1', null))).toEqual(['/projects', '/upload?project=p1', null, null, null, null]);
  });

  it('with a project and a list: every step', () => {
    expect(STEPS.map((s) => stepHref(s.key, 'p1', 'l1'))).toEqual([
      '/projects',
      '/upload?project=p1',
      '/maps?project=p1&listId=l1',
      '/qr?project=p1&listId=l1',
      '/projects/p1/editor',
      '/projects/p1/production',
    ]);
  });
});

describe('rewriteNavigation', () => {
  it('sends /projects from the upload screen of a project to that project', () => {
    expect(rewriteNavigation('/projects', '/upload', '?project=p1')).toBe('/projects/p1');
  });

  it('leaves other navigations alone', () => {
    expect(rewriteNavigation('/projects', '/upload', '')).toBe('/projects');
    expect(rewriteNavigation('/projects', '/maps', '?project=p1')).toBe('/projects');
    expect(rewriteNavigation('/qr?project=p1', '/upload', '?project=p1')).toBe('/qr?project=p1');
  });
});
