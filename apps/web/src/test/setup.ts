import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom does not implement scrolling; the router and the landing page call it.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
