/**
 * The collection notice of a server-rendered form (PRIV-3): the form's sentence and the link to
 * the privacy page, in a `<p class="privacy-notice">` placed above its submit button. The words
 * are src/shared/privacy-notice.ts's.
 */
import { escapeHtml as e } from '../html.js';
import {
  COLLECTION_NOTICES,
  PRIVACY_LINK_WORDS,
  PRIVACY_PATH,
  type NoticeForm,
} from '../../shared/privacy-notice.js';

/** The notice of `form` as HTML (text escaped). */
export function collectionNoticeHtml(form: NoticeForm): string {
  return `<p class="privacy-notice">${e(COLLECTION_NOTICES[form])} <a href="${PRIVACY_PATH}">${e(PRIVACY_LINK_WORDS)}</a></p>`;
}
