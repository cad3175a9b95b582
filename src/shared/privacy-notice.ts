/**
 * The notice where guests' data is collected (PRIV-3; DPDP Act 2023 s.5, DPDP Rules 2025 rule 3):
 * one or two sentences per form saying what is collected and why, with a link to the privacy page.
 * The visitor's React forms show it through `PrivacyNotice` (web/components/privacy-notice.tsx),
 * the server-rendered forms through `collectionNoticeHtml` (server/privacy/notice.ts): the words
 * are here once.
 */

/** The privacy page in English and in Kannada (PRIV-2). */
export const PRIVACY_PATH = '/privacy';
export const PRIVACY_PATH_KN = '/kn/privacy';

/** The privacy pages every publish writes besides the route table's (PRIV-2): English, Kannada. */
export const PRIVACY_PAGES = [PRIVACY_PATH, PRIVACY_PATH_KN] as const;

/** The forms that collect guests' data. */
export type NoticeForm = 'enquiry' | 'company' | 'register' | 'review' | 'privacy-request';

/** What each form collects and why, in plain words. */
export const COLLECTION_NOTICES: Record<NoticeForm, string> = {
  enquiry:
    'We use your name, phone, e-mail and message only to answer this request and look after your stay, and erase them a set time after check-out.',
  company:
    'The company’s name, GSTIN and address go on your tax invoice, which GST law asks us to keep for 72 months.',
  register:
    'The law asks every lodging to keep a register of its guests and to report foreign guests on Form III; we keep it only as long as the law asks.',
  review:
    'Your rating, words and the name you choose are published on this site; you can withdraw the review at any time.',
  'privacy-request': 'We use your e-mail only to answer this request.',
};

/** The words of the link to the privacy page. */
export const PRIVACY_LINK_WORDS = 'How we handle your data';
