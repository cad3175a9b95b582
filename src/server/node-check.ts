/**
 * RUNTIME-7, imported first by main.ts so that it runs before any other module is loaded: on a
 * Node older than 24, one line and exit 1; on a line past its end of life, one line of warning.
 */
import { endOfLifeNotice, runtimeRefusal } from './node-support.js';
import { systemClock } from '../shared/instants.js';

const refusal = runtimeRefusal(process.versions.node);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const notice = endOfLifeNotice(process.versions.node, systemClock());
if (notice) console.warn(notice);
