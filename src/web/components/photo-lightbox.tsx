/**
 * The full-screen lightbox of the property page (PROP-5, CONST-2), loaded only when a visitor
 * first opens it (PERF-2). yet-another-react-lightbox with its defaults, which are the spec's:
 * fade 250 ms, swipe 500 ms, preload 2 slides, padding 16 px, spacing 30 %, looping, swipe
 * threshold 30 px, previous/next, close, arrow keys, Escape, an error icon on a failed image;
 * plus pull up or down to close.
 */
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import type { PageData, Property } from '../../shared/site-data.js';
import { VARIANT_WIDTHS, photoUrl, variantUrl } from '../../shared/photo-urls.js';
import { DEFAULT_PHOTO_SIZE, photoAltText } from './responsive-photo.js';

export interface PhotoLightboxProps {
  property: Property;
  photoSizes: PageData['photoSizes'];
  open: boolean;
  /** Index in property.photos shown when the lightbox opens. */
  index: number;
  onClose(): void;
}

export default function PhotoLightbox({
  property,
  photoSizes,
  open,
  index,
  onClose,
}: PhotoLightboxProps) {
  const total = property.photos.length;
  const slides = property.photos.map((photo, i) => {
    const [width, height] = photoSizes[photo.name] ?? DEFAULT_PHOTO_SIZE;
    return {
      src: photoUrl(photo.name),
      alt: photoAltText(photo, property.name, i + 1, total),
      // PHO-2: the owner's description is the caption; a generated alt is not worth showing.
      ...(photo.alt === undefined ? {} : { description: photo.alt }),
      width,
      height,
      // Variants narrower than the photo, then the photo itself: the browser picks by screen width.
      srcSet: [
        ...VARIANT_WIDTHS.filter((w) => w < width).map((w) => ({
          src: variantUrl(photo.name, w, 'webp'),
          width: w,
          height: Math.round((height * w) / width),
        })),
        { src: photoUrl(photo.name), width, height },
      ],
    };
  });
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Captions]}
      // PROP-5: "swipe and pull gestures are supported"; pulling is off in the library's defaults.
      controller={{ closeOnPullDown: true, closeOnPullUp: true }}
    />
  );
}
