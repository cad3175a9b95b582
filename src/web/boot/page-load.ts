/**
 * Calls `run` once the window's load event has fired (on the next task if it already has) and
 * returns a function that cancels the call. PERF-1: work that does not help the first view
 * (carousels, the map) waits for it, so nothing competes with the page's largest image.
 */
export function afterPageLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    const id = setTimeout(run, 0);
    return () => clearTimeout(id);
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}
