// The smoke suite (smoke.mjs) in Debian's Firefox ESR, through puppeteer-core over WebDriver
// BiDi.
import { smokeSuite } from './smoke.mjs';

smokeSuite('firefox');
