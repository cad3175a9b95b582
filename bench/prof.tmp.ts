import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
const ssr = await import(pathToFileURL(path.resolve('dist/server/entry-server.js')).href);
const count = 100;
const propertyList = Array.from({ length: count }, (_, i) => ({
  id: `synthetic-${i}`, name: `Synthetic apartment ${i}`, address: `${i} Kalasa Road, Chikmagalur, Karnataka`,
  description: `A quiet apartment number ${i}.\nTwo paragraphs.`, facilities: ['Wi-Fi', 'Hot water'], bedCount: 2, bathCount: 1,
  photos: Array.from({ length: 8 }, (_, j) => ({ name: `p${i}-${j}.jpg`, best: j === 0, home: j < 4 })),
}));
const data = { propertyList, homeSections: [{ id: 'all', name: 'All stays', properties: propertyList.map((p) => p.id) }], revision: 0, photoSizes: {}, site: { siteUrl: 'http://x', email:'a@b.c', phone:'1', socialUrl:'http://x', officeAddress:'x', businessName: 'Stays' }, publishedAt: new Date().toISOString() };
const urls = ssr.publicRoutes(data);
let t = performance.now();
const pages = urls.map((u: string) => ssr.render(u, data));
console.log('render', urls.length, (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
const sizes = pages.map((p: any) => p.html.length + p.head.length);
console.log('sizes', sizes[0], sizes[1]);
for (const p of pages) zlib.brotliCompressSync(Buffer.from(p.html + p.head), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
console.log('brotli11', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
for (const p of pages) zlib.gzipSync(Buffer.from(p.html + p.head), { level: 9 });
console.log('gzip9', (performance.now() - t).toFixed(0), 'ms');
t = performance.now();
const json = JSON.stringify(data);
console.log('json', json.length);
zlib.brotliCompressSync(Buffer.from(json), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
console.log('brotli9 data', (performance.now() - t).toFixed(0), 'ms');
for (let k = 0; k < 3; k++) {
  t = performance.now(); ssr.render('/', data); const th = performance.now() - t;
  t = performance.now(); for (const u of urls.slice(1, 51)) ssr.render(u, data); console.log('home', th.toFixed(0), 'ms; 50 property pages', (performance.now() - t).toFixed(0), 'ms');
}
const small = Buffer.from(pages[5].html + pages[5].head);
for (const q of [5, 7, 9, 10, 11]) {
  t = performance.now();
  let n = 0; for (let i = 0; i < 20; i++) n = zlib.brotliCompressSync(small, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }).length;
  console.log('q', q, n, ((performance.now() - t) / 20).toFixed(1), 'ms/page');
}
console.log('gz9', zlib.gzipSync(small, { level: 9 }).length);
