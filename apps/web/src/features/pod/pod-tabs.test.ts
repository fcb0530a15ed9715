import { describe, expect, it } from 'vitest';
import { POD_TABS, podTabFrom, podTabHref } from './pod-tabs';

describe('Print on Demand tabs and addresses', () => {
  it('reads the tab from the path, then ?tab=, else Order Entry', () => {
    expect(podTabFrom('/pod', '')).toBe('orders');
    expect(podTabFrom('/pod/', '')).toBe('orders');
    expect(podTabFrom('/pod/api-keys', '')).toBe('api-keys');
    expect(podTabFrom('/pod/documentation/', '')).toBe('documentation');
    expect(podTabFrom('/pod/test', '?tab=debug')).toBe('test');
    expect(podTabFrom('/pod', '?tab=debug')).toBe('debug');
    expect(podTabFrom('/pod', '?tab=nonsense')).toBe('orders');
  });

  it('every tab\'s address opens that tab', () => {
    for (const t of POD_TABS) {
      const url = new URL(podTabHref(t.key), 'http://x');
      expect(podTabFrom(url.pathname, url.search)).toBe(t.key);
    }
  });

  it('locks every tab but Documentation and API Debug without api', () => {
    expect(POD_TABS.filter((t) => !t.gated).map((t) => t.label)).toEqual(['Documentation', 'API Debug']);
  });
});
