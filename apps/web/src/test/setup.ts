// jsdom lacks what Mantine measures with; i18next starts in en-US with the real locale files.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, NAMESPACES } from '../lib/i18n/i18n';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// Highcharts asks CSS.supports when it loads; jsdom has no CSS object.
if (typeof window.CSS?.supports !== 'function') {
  Object.defineProperty(window, 'CSS', { writable: true, value: { supports: () => false } });
}

// Lazy chunks and Apollo mocks settle in a few ticks, slower on a busy CI machine than the 1 s default:
// at load 25 on two cores (helpers beside a CI run, 27 Nov) vitest took 5-9 s to transform a lazily
// imported page, so a 4 s wait failed tests that pass alone. Still a wait for a real element.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  await initI18n('en-US', NAMESPACES);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
