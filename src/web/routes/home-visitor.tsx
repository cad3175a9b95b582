/**
 * A visitor's home page in the browser (PERF-17, decision 059): the hero carousel and the property
 * cards hydrated (home-layout.tsx), the reviews line kept as the server rendered it (KeptPart).
 * The full screen (home.tsx, with the owner's tools) is what the server renders and what the
 * owner's browser runs.
 */
import { KeptPart } from '../components/server-part.js';
import { HomeLayout } from './home-layout.js';
import type { ScreenProps } from './screen.js';

export default function HomeVisitorPage({ data }: ScreenProps) {
  return <HomeLayout data={data} reviews={<KeptPart name="business-reviews" />} />;
}
