/** Test data: the contact details of PageData, which the admin tests never look at. */
import type { SiteInfo } from '../../shared/site-data.js';

export const TEST_SITE: SiteInfo = {
  siteUrl: 'http://x',
  businessName: 'B',
  email: 'e',
  phone: 'p',
  socialUrl: 's',
  officeAddress: 'o',
};
