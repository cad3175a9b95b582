/**
 * A visitor's property page in the browser (PERF-17, decision 059): the page's interactive parts
 * (property-shell.tsx: 'Check Availability', the slider, the lightbox, the map) hydrated, and its
 * static sections kept as the server rendered them (KeptPart). The full screen (property.tsx, with
 * the owner's in-place editing) is what the server renders and what the owner's browser runs; its
 * ServerParts and these KeptParts draw the same elements.
 */
import { KeptPart } from '../components/server-part.js';
import { PropertyShell } from './property-shell.js';
import type { ScreenProps } from './screen.js';

export default function PropertyVisitorPage({ data, route }: ScreenProps) {
  if (route.kind !== 'property') return null;
  const property = route.property;
  return (
    <PropertyShell
      data={data}
      property={property}
      titles={<KeptPart name="titles" />}
      hero={<KeptPart name="hero" />}
      facilities={<KeptPart name="facilities" />}
      content={<KeptPart name="content" />}
    />
  );
}
