import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import fs from 'node:fs';
import { spawnServer } from '../scripts/spawn-server.js';
const server = await spawnServer();
try {
  const html = await (await fetch(`${server.url}/`)).text();
  const stay = /href="(\/stay\/[^"]+)"/.exec(html)![1];
  for (const [label, url] of [['home', `${server.url}/`], ['stay', `${server.url}${stay}`]]) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
    try {
      const r = await lighthouse(url!, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      fs.writeFileSync(`/tmp/lhdbg/${label}.json`, JSON.stringify(r!.lhr));
      const lhr = r!.lhr;
      console.log(label, lhr.categories.performance!.score, 'LCP', lhr.audits['largest-contentful-paint']!.numericValue, 'TBT', lhr.audits['total-blocking-time']!.numericValue);
      const items = (lhr.audits['network-requests']!.details as any).items;
      for (const it of items) console.log(`  ${String(it.transferSize).padStart(8)} ${it.priority} ${it.resourceType} ${it.url.replace(server.url,'')}`);
    } finally { await chrome.kill(); }
  }
} finally { await server.stop(); }
process.exit(0);
