/**
 * Setup of the web tests (jsdom): Testing Library's matchers and cleanup, and the browser APIs
 * antd expects that jsdom lacks.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy…/waitFor give up after 5 s, not 1 s: role queries over an antd page take over a second on a loaded
// 2-core CI machine, and a late element is not a missing one.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

// antd's responsive helpers (Grid, Steps, Table) query media; jsdom has no layout, so nothing matches.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// rc-resize-observer (Select, Menu, Tabs overflow) observes sizes that jsdom never changes.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoopResizeObserver;

// antd measures the scrollbar through ::-webkit-scrollbar styles; jsdom implements no pseudo-elements.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Scrolling an option into view in an open Select.
Element.prototype.scrollIntoView ??= () => {};
