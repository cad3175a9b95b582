/**
 * Embla and its Autoplay plugin: one chunk, imported by the first carousel that starts
 * (use-autoplay-carousel.ts, PERF-16), never part of the page's JavaScript before interaction.
 */
export { default as EmblaCarousel } from 'embla-carousel';
export { default as Autoplay } from 'embla-carousel-autoplay';
