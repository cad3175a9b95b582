/** Stub (issue 6): the 'Check Availability' enquiry dialog. */
import type { Property, SiteInfo } from '../../shared/site-data.js';

export interface EnquiryDialogProps {
  property: Property;
  site: SiteInfo;
  open: boolean;
  onClose: () => void;
}

export function EnquiryDialog(props: EnquiryDialogProps) {
  void props;
  return null;
}
