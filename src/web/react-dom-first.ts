/**
 * The first module of the app chunk (hydrate.tsx imports it first): it runs ReactDOM's module
 * code, then yields to the browser (a top-level await) before the rest of the app's modules are
 * evaluated. Issue 5 (Total Blocking Time): evaluating the whole chunk was one task of ~20 ms on
 * this project's test host (~80 ms on Lighthouse's 4× slower phone); split here, it is two.
 */
import { hydrateRoot } from 'react-dom/client';

await new Promise((resolve) => setTimeout(resolve, 0));

export { hydrateRoot };
