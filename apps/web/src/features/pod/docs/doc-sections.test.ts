import { describe, expect, it } from 'vitest';
import { groupOperations, sectionOf } from './doc-sections';
import { listOperations, operationLabel } from './operations';
import { FIXTURE_DOC } from './test-fixture';

describe('which section documents a call', () => {
  it.each([
    ['/api/auth/verify', 'authentication', 'main'],
    ['/api/health', 'authentication', 'main'],
    ['/api/projects/{id}', 'projects', 'main'],
    ['/api/templates/project/{projectId}/permit', 'templates', 'main'],
    ['/api/templates', 'templates', 'main'],
    ['/api/mailingLists/{id}/import', 'mailing-lists', 'main'],
    ['/api/recipients/{listId}', 'mailing-lists', 'main'],
    ['/api/mappings/{listId}', 'mailing-lists', 'main'],
    ['/api/addresses/{id}', 'addresses', 'main'],
    ['/api/orders/mailing', 'orders', 'mailing'],
    ['/api/orders/reinforcement', 'orders', 'reinforcement'],
    ['/api/reinforcements', 'orders', 'reinforcement'],
    ['/api/orders/{id}/cancel', 'orders', 'main'],
    ['/orders/mailing', 'orders', 'mailing'],
    ['/api/projectsArchive', 'other', 'main'],
    ['/api/webhooks', 'orders', 'main'],
    ['/api/webhooksArchive', 'other', 'main'],
  ])('%s → %s / %s', (path, section, group) => {
    expect(sectionOf(path)).toEqual({ section, group });
  });

  it('sorts the real document\'s calls, keeping its order', () => {
    const { calls } = groupOperations(listOperations(FIXTURE_DOC));
    expect(calls('authentication').map(operationLabel)).toEqual(['GET /api/health', 'GET /api/auth/verify']);
    expect(calls('projects').map(operationLabel)).toEqual(['GET /api/projects', 'POST /api/projects', 'GET /api/projects/{id}', 'PUT /api/projects/{id}', 'DELETE /api/projects/{id}']);
    expect(calls('orders', 'mailing').map(operationLabel)).toEqual(['POST /api/orders/mailing']);
    expect(calls('orders', 'reinforcement').map(operationLabel)).toEqual(['POST /api/orders/reinforcement']);
    expect(calls('orders').map(operationLabel)).toEqual(['GET /api/orders', 'GET /api/orders/{id}']);
    expect(calls('templates')).toEqual([]);
    expect(calls('other')).toEqual([]);
  });
});
