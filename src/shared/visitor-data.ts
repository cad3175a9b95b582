/**
 * A page's data script (DATA-1, PERF-18, decision 060): the part of the published page data that
 * a visitor's browser of that page hydrates with, instead of the whole catalogue on every page.
 * - a property page: its property alone, its photos' sizes and its "from" rate;
 * - the home page: the properties its sections list, each as its card shows it (`cardOf`), and
 *   the sizes of those cards' photos;
 * - any other page (not found, the owner's login): the site's details alone.
 * What the server renders from the whole catalogue and the browser keeps unhydrated (decision
 * 059: the reviews, the business-wide reviews line, the descriptions) is in no page's data. The
 * owner's browser loads the whole catalogue's script instead (entry-client.tsx), which in-place
 * editing changes.
 */
import { resolveRoute } from './pages.js';
import type { PageData, Photo, Property } from './site-data.js';

/**
 * A property as its card on the home page shows it (property-card.tsx): its id, name, address,
 * bed and bath counts and its home photos; no description, facilities, rates or other details.
 */
function cardOf(p: Property): Property {
  return {
    id: p.id,
    name: p.name,
    address: p.address,
    description: '',
    facilities: [],
    bedCount: p.bedCount,
    bathCount: p.bathCount,
    photos: p.photos.filter((photo) => photo.home),
  };
}

/** `sizes` of `photos` only. */
function sizesOf(sizes: PageData['photoSizes'], photos: Photo[]): PageData['photoSizes'] {
  const kept: PageData['photoSizes'] = {};
  for (const photo of photos) if (sizes[photo.name]) kept[photo.name] = sizes[photo.name]!;
  return kept;
}

/** `rates` of `properties` only; undefined when `rates` is. */
function ratesOf(
  rates: PageData['fromRates'],
  properties: Property[],
): PageData['fromRates'] | undefined {
  if (!rates) return undefined;
  const kept: NonNullable<PageData['fromRates']> = {};
  for (const p of properties) if (rates[p.id] !== undefined) kept[p.id] = rates[p.id]!;
  return kept;
}

/**
 * The data a visitor's browser of the page at `url` (a prerendered path) hydrates with, from the
 * page data `data` the server rendered it with. Pure; the result shares no object with `data`
 * that it changes.
 */
export function visitorPageData(data: PageData, url: string): PageData {
  const route = resolveRoute(url, data);
  let propertyList: Property[] = [];
  let homeSections: PageData['homeSections'] = [];
  if (route.kind === 'property') propertyList = [route.property];
  else if (route.kind === 'home') {
    const listed = new Set(data.homeSections.flatMap((s) => s.properties));
    propertyList = data.propertyList.filter((p) => listed.has(p.id)).map(cardOf);
    homeSections = data.homeSections;
  }
  const fromRates = ratesOf(data.fromRates, propertyList);
  return {
    propertyList,
    homeSections,
    revision: data.revision,
    photoSizes: sizesOf(
      data.photoSizes,
      propertyList.flatMap((p) => p.photos),
    ),
    site: data.site,
    publishedAt: data.publishedAt,
    ...(fromRates ? { fromRates } : {}),
  };
}
