/**
 * The site footer (FOOT-1), on the home, admin, property and not-found pages: two placeholder
 * columns 'Category 1' and 'Category 2' with a 'Test' link each, and 'About Us' with the social
 * profile (new tab), 'Contact Us' (dialog: support e-mail and phone links) and 'Office Address'
 * (dialog), and 'Privacy' (the privacy page, PRIV-2). Contact details come from the server
 * configuration through PageData.site.
 *
 * PERF-17: the footer is rendered by the server only. Its two dialog buttons name their dialog
 * (`data-opens-dialog`, dialogs.ts opens it from one listener), so the browser keeps the server's
 * footer as it is (a KeptPart named "footer", boot/hydrate.tsx) and its code is no part of any page's JavaScript.
 */
import type { SiteInfo } from '../../shared/site-data.js';
import { OPENS_DIALOG } from '../dialogs.js';
import { ServerPart } from './server-part.js';
import { SiteDialog } from './site-dialog.js';
import './footer.css';
import { PRIVACY_PATH } from '../../shared/privacy-notice.js';

const CONTACT_DIALOG_ID = 'contact-us';
const OFFICE_DIALOG_ID = 'office-address';

/** `tel:` URL of a phone number written for people ("+91 94480 12345" → "tel:+919448012345"). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function Footer({ site, year }: { site: SiteInfo; year: number }) {
  return (
    <ServerPart as="footer" name="footer" className="site-footer">
      <div className="site-footer-columns">
        {['Category 1', 'Category 2'].map((title) => (
          <nav aria-label={title} key={title}>
            <h2 className="site-footer-heading">{title}</h2>
            <ul className="site-footer-links">
              <li>
                <a href="#">Test</a>
              </li>
            </ul>
          </nav>
        ))}
        <nav aria-label="About Us">
          <h2 className="site-footer-heading">About Us</h2>
          <ul className="site-footer-links">
            <li>
              <a href={site.socialUrl} target="_blank" rel="noopener noreferrer">
                Social Media<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <button
                type="button"
                className="site-footer-link-button"
                {...{ [OPENS_DIALOG]: CONTACT_DIALOG_ID }}
              >
                Contact Us
              </button>
            </li>
            <li>
              <button
                type="button"
                className="site-footer-link-button"
                {...{ [OPENS_DIALOG]: OFFICE_DIALOG_ID }}
              >
                Office Address
              </button>
            </li>
            <li>
              <a href={PRIVACY_PATH}>Privacy</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer-copyright">
        © {year} {site.businessName}
      </p>
      <SiteDialog id={CONTACT_DIALOG_ID} title="Contact Us">
        <p>
          E-mail: <a href={`mailto:${site.email}`}>{site.email}</a>
        </p>
        <p>
          Phone: <a href={telHref(site.phone)}>{site.phone}</a>
        </p>
      </SiteDialog>
      <SiteDialog id={OFFICE_DIALOG_ID} title="Office Address">
        <address>{site.officeAddress}</address>
      </SiteDialog>
    </ServerPart>
  );
}
