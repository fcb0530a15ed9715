// Dev aid: node scripts/screenshot.mjs <url> <out.png> [width] [height] — a full-page screenshot in Debian chromium.
import { chromium } from 'playwright-core';
const [url, out, w = '1280', h = '800'] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const p = await b.newPage({ viewport: { width: +w, height: +h } });
await p.goto(url); await p.waitForTimeout(1500);
await p.screenshot({ path: out, fullPage: true }); await b.close();
