/**
 * Embla and its Autoplay plugin, one chunk imported by the first carousel that starts
 * (use-autoplay-carousel.ts). No carousel runs before the page's load event and an idle period
 * (PERF-1), so their code (~8 KB gzip) is not part of a visitor's JavaScript before interaction
 * (PERF-16).
 */
export { default as EmblaCarousel } from 'embla-carousel';
export { default as Autoplay } from 'embla-carousel-autoplay';
