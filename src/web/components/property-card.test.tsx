// @vitest-environment jsdom
/**
 * PERF-25: a home card further than one screen from the screen costs nothing at the page's load:
 * no photos added (a deferred card, PERF-7), its first slide not made ready; both follow once the
 * visitor scrolls it near the screen.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { stubCarouselBrowser, type StubObserver } from '../../../test/carousel-stubs.js';
import { testProperty } from '../../../test/factories.js';
import { PropertyCard } from './property-card.js';

let observers: StubObserver[] = [];

beforeAll(() => {
  observers = stubCarouselBrowser();
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  observers.length = 0;
  document.body.innerHTML = '';
});

const property = testProperty({
  id: 'stay-9',
  name: 'Hill View',
  photos: [
    { name: 'a.jpg', best: true, home: true },
    { name: 'b.jpg', best: false, home: true },
  ],
});

/** Lets the load event's and the idle queue's timers run, and React render what they set. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
}

async function renderCard(deferPhotos: boolean): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <PropertyCard
        property={property}
        photoSizes={{ 'a.jpg': [1600, 1067], 'b.jpg': [1600, 1067] }}
        fromRate={4500}
        deferPhotos={deferPhotos}
      />,
    ),
  );
  await settle();
  return container;
}

const near = () => observers.filter((o) => o.margin === '100% 0px');

it('a deferred card gets its photos only once it comes within a screen of the screen', async () => {
  expect(document.readyState).toBe('complete');
  const card = await renderCard(true);
  expect(card.querySelectorAll('img')).toHaveLength(0);
  expect(near()).toHaveLength(1);

  act(() => near()[0]!.report({ isIntersecting: false }));
  await settle();
  expect(card.querySelectorAll('img')).toHaveLength(0);

  act(() => near()[0]!.report({ isIntersecting: true }));
  await settle();
  expect([...card.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
    '/imported-images/a.jpg',
    '/imported-images/b.jpg',
  ]);
});

it('a card with its photos in the HTML readies its first slide at the load only once it is near', async () => {
  const card = await renderCard(false);
  const slides = () => [...card.querySelectorAll('[data-deferred]')].length;
  expect(card.querySelectorAll('img')).toHaveLength(2);
  expect(slides()).toBe(2);

  act(() => near()[0]!.report({ isIntersecting: true }));
  await settle();
  // The first slide is fetched (lazily); the second waits until it is about to show (PERF-3).
  expect(slides()).toBe(1);
});
