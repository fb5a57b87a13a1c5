// The smoke suite (smoke.mjs) in WebKitGTK's MiniBrowser, through WebKitWebDriver and
// selenium-webdriver, on an Xvfb display. A first visit is tried in five fresh profiles:
// WebKit is where the update banner showed on 2 first visits of 5.
import { smokeSuite } from './smoke.mjs';

smokeSuite('webkit', { firstVisits: 5 });
