/** What every route module exports as default: the screen of one route kind (ROUTE-1). */
import type { ComponentType } from 'react';
import type { PageData } from '../../shared/site-data.js';
import type { RouteInfo } from '../../shared/routes.js';

export interface ScreenProps {
  data: PageData;
  route: RouteInfo;
}

export type Screen = ComponentType<ScreenProps>;
