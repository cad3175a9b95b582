/** Which screen a URL shows (spec §2), decided the same way by the server render and the client. */
import type { Property } from '../shared/site-data.js';

export type RouteInfo =
  | { kind: 'home' }
  | { kind: 'property'; property: Property }
  | { kind: 'admin' }
  | { kind: 'login' }
  | { kind: 'not-found' };
