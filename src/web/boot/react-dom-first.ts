/**
 * ReactDOM, loaded and run by entry-client.tsx before the rest of the app (hydrate.tsx), with a
 * pause between the two. PERF-1 (Total Blocking Time): evaluating ReactDOM and the app's modules
 * together was one task of ~21 ms on this project's test host (~85 ms on Lighthouse's 4× slower
 * phone); apart, they are two of ~15 and ~10 ms.
 */
export { hydrateRoot } from 'react-dom/client';
