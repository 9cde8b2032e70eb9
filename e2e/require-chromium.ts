/** `npm run test:e2e`'s first step: one line and exit 1 when there is no Chromium to drive. */
import { requireChromium } from './chromium.ts';

requireChromium();
