/** Stub (issue 6): head tags for search engines and link previews. */
import type { PageData } from '../shared/site-data.js';
import type { RouteInfo } from './route-info.js';

/**
 * HTML for <head> other than <title>: meta description, canonical, Open Graph, Twitter card and
 * JSON-LD. Every value is escaped for its context.
 */
export function seoHead(route: RouteInfo, data: PageData): string {
  void route;
  void data;
  return '';
}
