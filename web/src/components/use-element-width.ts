import { useEffect, useRef, useState } from 'react';

/**
 * The width of an element, kept up to date as it resizes (0 before the first layout): for layouts
 * that follow the room their container has, as Cloudscape's grid does, rather than the window's.
 */
export function useElementWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
