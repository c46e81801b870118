import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOverflowsX } from './use-overflows.ts';

/** A ResizeObserver whose callbacks the test fires by hand. */
class FakeObserver {
  static last: FakeObserver | null = null;
  constructor(readonly callback: () => void) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {}
}

function Probe() {
  const { ref, overflows } = useOverflowsX<HTMLDivElement>();
  return (
    <div ref={ref} data-testid="box">
      {overflows ? 'rola' : 'cabe'}
    </div>
  );
}

function setWidths(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

afterEach(() => vi.unstubAllGlobals());

describe('useOverflowsX', () => {
  it('says whether the content is wider than the box, and follows resizes', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    render(<Probe />);
    const box = screen.getByTestId('box');
    expect(box.textContent).toBe('cabe');
    setWidths(box, 620, 358);
    act(() => FakeObserver.last?.callback());
    expect(box.textContent).toBe('rola');
    // One pixel of rounding is not a scroll.
    setWidths(box, 359, 358);
    act(() => FakeObserver.last?.callback());
    expect(box.textContent).toBe('cabe');
  });

  it('says it fits where the browser cannot observe sizes', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    render(<Probe />);
    expect(screen.getByTestId('box').textContent).toBe('cabe');
  });
});
