import { useEffect, useState } from 'react';

/**
 * Whether an element scrolls sideways: its content is wider than its box (a
 * table wider than a phone). Give `ref` to the element (it may mount later,
 * once data arrives); resizes of the element and of its content are
 * followed (`ResizeObserver`); `false` where the browser has none.
 */
export function useOverflowsX<T extends HTMLElement>(): {
  ref: (element: T | null) => void;
  overflows: boolean;
} {
  const [element, setElement] = useState<T | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') {
      setOverflows(false);
      return;
    }
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return { ref: setElement, overflows };
}
