/**
 * The collection notice of a visitor's form (PRIV-3): what the form collects and why, with a link
 * to the privacy page, shown above its submit button. The words are src/shared/privacy-notice.ts's
 * (the server-rendered forms show the same through server/privacy/notice.ts).
 */
import {
  COLLECTION_NOTICES,
  PRIVACY_LINK_WORDS,
  PRIVACY_PATH,
  type NoticeForm,
} from '../../shared/privacy-notice.js';

export function PrivacyNotice({ form, className }: { form: NoticeForm; className?: string }) {
  return (
    <p className={className}>
      {COLLECTION_NOTICES[form]} <a href={PRIVACY_PATH}>{PRIVACY_LINK_WORDS}</a>
    </p>
  );
}
