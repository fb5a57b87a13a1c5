// The smoke suite (smoke.mjs) in Debian's Chromium, through playwright-core.
import { smokeSuite } from './smoke.mjs';

smokeSuite('chromium');
