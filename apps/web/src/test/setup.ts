import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeRealtime } from '../lib/realtime.ts';
import { forgetUnreadState } from '../lib/unread.ts';
import { fakeSockets } from './fake-socket.ts';

// `findBy…` and `waitFor` wait up to 5 s instead of Testing Library's 1 s: on the 2-core CI machines, with the API
// suites beside them, a combobox's options once took longer than 1 s to appear (medicos-page.test.tsx).
configure({ asyncUtilTimeout: 5_000 });

// No test opens a real socket: `io()` answers a FakeSocket the test drives (fake-socket.ts).
vi.mock('socket.io-client', async () => (await import('./fake-socket.ts')).fakeSocketIoClient);

// jsdom lacks the browser APIs Mantine relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

window.scrollTo = () => {};

// Mantine's autosize Textarea listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

afterEach(() => {
  cleanup();
  closeRealtime();
  forgetUnreadState();
  fakeSockets.length = 0;
  window.localStorage.clear();
});
