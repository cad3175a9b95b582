// @vitest-environment jsdom
/**
 * PERF-17: a visitor's screens hydrate the server's HTML of the full screens without a mismatch,
 * keep each server part's element (the same node, the same HTML) and attach no owner's control;
 * PERF-18: with the page's own data (visitor-data.ts), not the whole catalogue the server had;
 * PERF-24: nothing is rendered again in the hydration commit's own task.
 */
import { Profiler, act, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubCarouselBrowser } from '../../../test/carousel-stubs.js';
import { testCatalogue } from '../../../test/factories.js';
import { resolveRoute } from '../../shared/pages.js';
import type { PageData } from '../../shared/site-data.js';
import { visitorPageData } from '../../shared/visitor-data.js';
import { App } from '../app.js';
import { KeptPart } from '../components/server-part.js';
import { render } from '../entry-server.js';
import type { Screen } from '../routes/screen.js';
import { VISITOR_SCREEN_LOADERS } from './client-screens.js';

const data: PageData = {
  ...testCatalogue({
    propertyList: [
      {
        houseRules: 'No smoking indoors.',
        checkInTime: '12:00',
        photos: [
          { name: 'a.jpg', best: false, home: true },
          { name: 'b.jpg', best: true, home: true },
        ],
      },
      { photos: [] },
    ],
  }),
  photoSizes: { 'a.jpg': [1600, 1067], 'b.jpg': [1200, 1600] },
  site: {
    siteUrl: 'https://stays.example',
    businessName: 'Stays In Chikmagalur',
    email: 'support@stays.example',
    phone: '+91 94480 12345',
    socialUrl: 'https://social.example/stays',
    officeAddress: 'IG Road, Chikmagalur',
  },
  publishedAt: '2026-11-22T10:00:00.000Z',
  fromRates: { 'stay-1': 4500 },
  reviews: {
    'stay-1': [
      {
        rating: 5,
        text: 'Quiet <b>and</b> warm.',
        displayName: 'Asha',
        date: '2026-10-02',
        stayMonth: '2026-09',
        reply: 'Thank you!',
      },
    ],
  },
};

beforeAll(() => {
  stubCarouselBrowser();
});

let unmount = () => {};

afterEach(() => {
  act(() => unmount());
  document.body.innerHTML = '';
});

/** The server's HTML of `url` in a #root on the page, and the tree a visitor's browser hydrates it with. */
async function visitorPage(url: string) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = render(url, data).html;
  document.body.append(root);
  const pageData = visitorPageData(data, url);
  const route = resolveRoute(url, pageData);
  const Screen: Screen = (await VISITOR_SCREEN_LOADERS[route.kind]!()).default;
  const app = (
    <App data={pageData} route={route} Screen={Screen} footer={<KeptPart name="footer" />} />
  );
  return { root, app };
}

async function hydrateAsVisitor(url: string) {
  const { root, app } = await visitorPage(url);
  const parts = new Map([...root.querySelectorAll('[data-part]')].map((el) => [el, el.outerHTML]));
  const errors: unknown[] = [];
  const consoleError = vi
    .spyOn(console, 'error')
    .mockImplementation((...args) => errors.push(args));
  await act(async () => {
    const reactRoot = hydrateRoot(root, app, {
      onRecoverableError: (error) => errors.push(error),
    });
    unmount = () => reactRoot.unmount();
  });
  consoleError.mockRestore();
  return { root, parts, errors };
}

describe("a visitor's screens hydrate the server's page (PERF-17)", () => {
  for (const url of ['/', '/stay/stay-1', '/stay/stay-2']) {
    it(`${url}: no mismatch; every server part is kept, node and HTML`, async () => {
      const { root, parts, errors } = await hydrateAsVisitor(url);
      expect(errors).toEqual([]);
      expect(parts.size).toBeGreaterThan(1);
      for (const [element, html] of parts) {
        expect(root.contains(element)).toBe(true);
        expect(element.outerHTML).toBe(html);
      }
    });
  }

  // PERF-24: an update scheduled inside a commit (a ref callback's or a layout effect's plain
  // setState) is rendered before the commit's task ends, and every passive effect of the page
  // with it: on the home page a task of ~85 ms at Lighthouse's 4× slowdown (Total Blocking Time).
  // Hydrated as the browser does (hydrate.tsx: a transition, React's own scheduler, no act()),
  // the first render after the mount must come in a later task.
  for (const url of ['/', '/stay/stay-1']) {
    it(`${url}: nothing is rendered again in the hydration commit's task`, async () => {
      const { root, app } = await visitorPage(url);
      const renders: { phase: string; inMountTask: boolean }[] = [];
      let inMountTask = false;
      let mounted: () => void = () => {};
      const done = new Promise<void>((resolve) => (mounted = resolve));
      const onRender = (_id: string, phase: string) => {
        renders.push({ phase, inMountTask });
        if (phase !== 'mount') return;
        inMountTask = true;
        setImmediate(() => {
          inMountTask = false;
          mounted();
        });
      };
      const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
      try {
        const reactRoot = await new Promise<{ unmount(): void }>((resolve) =>
          startTransition(() =>
            resolve(
              hydrateRoot(
                root,
                <Profiler id="page" onRender={onRender}>
                  {app}
                </Profiler>,
              ),
            ),
          ),
        );
        await done;
        reactRoot.unmount();
      } finally {
        actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
      }
      expect(renders[0]?.phase).toBe('mount');
      expect(renders.slice(1).filter((r) => r.inMountTask)).toEqual([]);
    });
  }

  it('the property page keeps its texts, and its parts hold no edit control', async () => {
    const { root } = await hydrateAsVisitor('/stay/stay-1');
    const part = (name: string) => root.querySelector(`[data-part="${name}"]`)!;
    expect(part('titles').querySelector('h1')?.textContent).toBe('Coffee View Suite');
    expect(part('content').textContent).toContain('No smoking indoors.');
    expect(part('content').textContent).toContain('Quiet <b>and</b> warm.');
    expect(part('facilities').textContent).toContain('Parking');
    expect(root.querySelector('[title^="Edit "]')).toBeNull();
    expect(root.querySelector('[data-part="hero"] img')?.getAttribute('fetchpriority')).toBe(
      'high',
    );
  });

  it("the footer's buttons name their dialog, which one listener opens (FOOT-3)", async () => {
    const { root } = await hydrateAsVisitor('/');
    const contact = [...root.querySelectorAll('footer button')].find(
      (b) => b.textContent === 'Contact Us',
    );
    expect(contact?.getAttribute('data-opens-dialog')).toBe('contact-us');
    expect(root.querySelector('dialog#contact-us')).not.toBeNull();
  });
});
