import { describe, expect, it } from 'vitest';
import { pageFromPreview, previewPath, recipientsPath } from './recipient-query';

describe('recipient queries', () => {
  it('asks for a page, and for a search with its criteria and field (no field for all)', () => {
    expect(recipientsPath('list-1', { page: 2, limit: 50, search: null })).toBe('/api/recipients/list-1?page=2&limit=50');
    expect(recipientsPath('list-1', { page: 1, limit: 25, search: { text: 'Ada Lo', field: 'all', criteria: 'startsWith' } }))
      .toBe('/api/recipients/list-1?page=1&limit=25&search=Ada+Lo&criteria=startsWith');
    expect(recipientsPath('list-1', { page: 1, limit: 25, search: { text: 'IL', field: 'state', criteria: 'exact' } }))
      .toBe('/api/recipients/list-1?page=1&limit=25&search=IL&criteria=exact&field=state');
    expect(previewPath('list-1', { page: 3, limit: 25 })).toBe('/api/data-preview/list/list-1?page=3&limit=25');
  });

  it("reads this server's data preview and filters it on the client", () => {
    const body = {
      headers: ['First', 'Last'], rows: [['Ada', 'Lovelace'], ['Alan', 'Turing']], total: 2, page: 1, limit: 25,
      records: [
        { record_id: 'r1', short_url: 'x', fields: { first_name: 'Ada', last_name: 'Lovelace' } },
        { record_id: 'r2', short_url: 'y', fields: { first_name: 'Alan', last_name: 'Turing' } },
      ],
    };
    const all = pageFromPreview(body, { page: 1, limit: 25, search: null });
    expect(all).toMatchObject({ total: 2, filteredTotal: 2, pages: 1, page: 1 });
    expect(all.recipients.map((r) => [r.id, r.row])).toEqual([['r1', 1], ['r2', 2]]);
    const found = pageFromPreview(body, { page: 1, limit: 25, search: { text: 'tur', field: 'last_name', criteria: 'startsWith' } });
    expect(found.recipients.map((r) => r.id)).toEqual(['r2']);
    expect(found).toMatchObject({ total: 2, filteredTotal: 1 });
    expect(pageFromPreview(body, { page: 1, limit: 25, search: { text: 'ada', field: 'all', criteria: 'exact' } }).recipients.map((r) => r.id)).toEqual(['r1']);
  });

  it("reads the spec's preview shape (preview.rows, list.row_count) and refuses anything else", () => {
    const page = pageFromPreview({ preview: { rows: [{ id: 'a', first_name: 'Ada' }] }, list: { row_count: 40 } }, { page: 2, limit: 25, search: null });
    expect(page).toMatchObject({ total: 40, pages: 2, page: 2 });
    expect(page.recipients).toEqual([{ id: 'a', row: 26, fields: { id: 'a', first_name: 'Ada' } }]);
    expect(() => pageFromPreview({ nothing: true }, { page: 1, limit: 25, search: null })).toThrow();
  });
});
