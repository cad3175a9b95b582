/**
 * The properties of the published catalogue, what visitors see (PRICE-6, BOOK-2): the revision the
 * publisher serves (CDN-2: asked, never parsed from a folder name), or the latest stored one if
 * that revision is no longer kept. Read once per publish.
 */
import type { AppContext } from '../context.js';
import type { Property } from '../../shared/site-data.js';
import { getRevision, latestRevision } from '../store/revisions.js';

/** A reader of the published properties by id; an empty map before the first publish. */
export function publishedProperties(
  ctx: Pick<AppContext, 'db' | 'publisher'>,
): () => Map<string, Property> {
  let published: { dir: string; properties: Map<string, Property> } | undefined;
  return () => {
    const site = ctx.publisher.serving();
    if (!site) return new Map();
    if (published?.dir !== site.dir) {
      const row = getRevision(ctx.db, site.revision) ?? latestRevision(ctx.db);
      published = {
        dir: site.dir,
        properties: new Map((row?.data.propertyList ?? []).map((p) => [p.id, p])),
      };
    }
    return published.properties;
  };
}
