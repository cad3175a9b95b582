/** The route table (ROUTE-1): each row's paths resolve back to its own kind, and its title. */
import { describe, expect, it } from 'vitest';
import { testCatalogue } from '../../test/factories.js';
import {
  API,
  API_PREFIX,
  apiPath,
  PAGES,
  pageTitle,
  prerenderPaths,
  previewPath,
  PROPERTY_PREFIX,
  propertyPath,
  resolveRoute,
  type RouteKind,
} from './routes.js';

const data = testCatalogue({
  propertyList: [
    { id: 'coffee-view', name: 'Coffee View Residency' },
    { id: 'lake side/2', name: 'Lake Cottage' },
  ],
});

describe('route table', () => {
  it('prerenders home, every property page, the owner pages and the 404 page', () => {
    const paths = prerenderPaths(data);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/stay/coffee-view',
        '/stay/lake%20side%2F2',
        '/admin',
        '/adminlogin',
        '/404',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(Object.keys(PAGES) as RouteKind[])('every path of "%s" resolves to that kind', (kind) => {
    for (const path of PAGES[kind].paths(data)) expect(resolveRoute(path, data).kind).toBe(kind);
  });

  it('resolves a property path to its property, with a query, a hash or a trailing slash', () => {
    for (const url of ['/stay/coffee-view?x=1', '/stay/coffee-view#top', '/stay/coffee-view/']) {
      const route = resolveRoute(url, data);
      expect(route.kind === 'property' && route.property.name).toBe('Coffee View Residency');
    }
  });

  it('answers not-found for an unknown id, a malformed escape and an unlisted path', () => {
    for (const url of ['/stay/nobody', '/stay/%E0%A4%A', '/stay', '/admin/x', '/index.html'])
      expect(resolveRoute(url, data).kind).toBe('not-found');
  });

  it('titles every page with the spec suffix, a property page with its name', () => {
    expect(pageTitle(resolveRoute('/stay/coffee-view', data))).toBe(
      'Coffee View Residency - Stays In Chikmagalur',
    );
    expect(pageTitle({ kind: 'login' })).toBe('Admin Login - Stays In Chikmagalur');
  });

  it('fills the API patterns, each parameter percent-encoded, and refuses a missing one', () => {
    expect(apiPath(API.calendarSync, { propertyId: 'lake side/2' })).toBe(
      '/api/calendar/lake%20side%2F2/sync',
    );
    expect(apiPath(API.restore, { n: 7 })).toBe('/api/revisions/7/restore');
    expect(() => apiPath(API.availability, {})).toThrow(':propertyId');
    for (const [name, url] of Object.entries(API)) {
      if (name !== 'health') expect(url.startsWith(API_PREFIX), name).toBe(true);
    }
  });

  it('keeps previews out of the page table: a preview URL is no page', () => {
    expect(previewPath(3)).toBe('/admin/preview/3/');
    expect(previewPath(3, '/stay/coffee-view')).toBe('/admin/preview/3/stay/coffee-view');
    expect(resolveRoute(previewPath(3), data).kind).toBe('not-found');
    expect(prerenderPaths(data).some((p) => p.startsWith('/admin/preview'))).toBe(false);
  });

  it('spells the property path once: pages, their preview and the table all start PROPERTY_PREFIX', () => {
    expect(PROPERTY_PREFIX).toBe('/stay/');
    expect(propertyPath('lake side/2')).toBe(`${PROPERTY_PREFIX}lake%20side%2F2`);
    const route = resolveRoute(propertyPath('lake side/2'), data);
    expect(route.kind === 'property' && route.property.name).toBe('Lake Cottage');
    expect(previewPath(3, propertyPath('coffee-view'))).toBe('/admin/preview/3/stay/coffee-view');
    expect(resolveRoute('/admin', data).kind).toBe('admin');
    expect(resolveRoute('/adminx', data).kind).toBe('not-found');
  });
});
