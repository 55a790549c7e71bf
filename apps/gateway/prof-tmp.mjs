import { packageFixture } from '@survey/report-slides/testing';
import { renderPackagePdf } from './dist/features/supervisors/pdf/render.js';
const n = Number(process.argv[2] ?? 4);
await renderPackagePdf(packageFixture(), 'fi-FI', 5);
for (let i = 0; i < n; i++) {
  const t0 = performance.now(); const c0 = process.cpuUsage();
  const pdf = await renderPackagePdf(packageFixture(), 'fi-FI', 5);
  const c = process.cpuUsage(c0);
  console.log(process.env.RGBA_PNG ? 'rgba' : 'rgb ', i, Math.round(performance.now() - t0), 'ms wall', Math.round((c.user + c.system) / 1000), 'ms cpu', pdf.length, 'bytes', Math.round(process.memoryUsage().rss / 1e6), 'MB');
}
