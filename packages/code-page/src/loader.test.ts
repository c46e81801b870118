import { TOKEN_KEY } from '@pulso/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loaderScript } from './server.tsx';

const assets = { script: '/assets/code-page-1.js', preload: ['/assets/chunk-1.js'] };

/** Runs the inline loader as the page would, frames and timers run at once. */
function runLoader() {
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frame());
  vi.useFakeTimers();
  new Function(loaderScript(assets).text)();
  vi.runAllTimers();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.documentElement.classList.remove('cp-viewer');
  document.head.innerHTML = '';
});

describe('the inline loader of the page', () => {
  const added = () => document.head.querySelectorAll('script');

  it('gives a browser that holds a session the module and its chunks after the first paint', () => {
    window.localStorage.setItem(TOKEN_KEY, 't0k3n');
    runLoader();
    expect(document.documentElement.classList.contains('cp-viewer')).toBe(true);
    const script = document.head.querySelector('script');
    expect(script?.type).toBe('module');
    expect(script?.getAttribute('src')).toBe('/assets/code-page-1.js');
    const preload = document.head.querySelector('link');
    expect([preload?.rel, preload?.getAttribute('href')]).toEqual(['modulepreload', '/assets/chunk-1.js']);
  });

  it('gives a guest no script until their first touch, key or pointer, then the module once', () => {
    runLoader();
    expect(document.documentElement.classList.contains('cp-viewer')).toBe(false);
    expect(added()).toHaveLength(0);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(added()).toHaveLength(1);
    expect(added()[0]?.getAttribute('src')).toBe('/assets/code-page-1.js');
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    window.dispatchEvent(new Event('touchstart'));
    expect(added()).toHaveLength(1);
  });

  it.each(['pointerdown', 'touchstart', 'mouseover'])("loads it on a guest's first %s", (type) => {
    runLoader();
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(added()).toHaveLength(1);
  });

  it('is allowed by the hash of exactly its text', () => {
    const { text, source } = loaderScript(assets);
    expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(loaderScript(assets).source).toBe(source);
    expect(loaderScript({ ...assets, script: '/assets/other.js' }).source).not.toBe(source);
    expect(text).not.toContain('</script');
  });
});
