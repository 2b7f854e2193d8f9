import { useEffect } from 'react';

/** Cloudscape's mobile toolbar (the app layout under its breakpoint) marks its <nav> so. */
const patched = 'nav[aria-orientation]';

/**
 * Cloudscape's mobile toolbar renders `<nav aria-orientation="horizontal">`: aria-orientation is
 * not allowed on a navigation landmark (axe aria-allowed-attr, critical, on every staff page at
 * 390 px). The attribute says nothing a screen reader uses there, so it is taken off after each
 * render that puts it back; the accessibility check keeps all its rules.
 */
export function useNavOrientationPatch(): void {
  useEffect(() => {
    const strip = () => document.querySelectorAll(patched).forEach((nav) => nav.removeAttribute('aria-orientation'));
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-orientation'] });
    return () => observer.disconnect();
  }, []);
}
