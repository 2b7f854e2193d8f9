/**
 * 'Quitter' of the public pages opened from a mail: closes the tab when the browser allows it
 * (a tab opened by a link), else leaves for a blank page.
 */
export function quitPage(): void {
  window.close();
  window.setTimeout(() => {
    if (!window.closed) window.location.assign('about:blank');
  }, 150);
}
