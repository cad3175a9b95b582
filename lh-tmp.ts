import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.js';
import { spawnServer } from './scripts/spawn-server.js';
const server = await spawnServer();
try {
  const html = await (await fetch(`${server.url}/`)).text();
  const stay = /href="(\/stay\/[^"]+)"/.exec(html)![1];
  for (const p of ['/', stay]) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
    const r = await lighthouse(`${server.url}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = r!.lhr.audits;
    console.log(p, 'LCP', a['largest-contentful-paint']!.numericValue, 'FCP', a['first-contentful-paint']!.numericValue);
    console.log(JSON.stringify((a['largest-contentful-paint-element']!.details as any).items?.map((i: any) => i.items ?? i).flat().slice(0, 6)).slice(0, 1500));
    const reqs = (a['network-requests']!.details as any).items as any[];
    for (const q of reqs) console.log('  ', q.url.replace(server.url, ''), q.resourceType, q.priority, Math.round(q.transferSize / 1024) + 'KB', Math.round(q.networkRequestTime), Math.round(q.networkEndTime));
    await chrome.kill();
  }
} finally { await server.stop(); }
