import { test } from 'node:test';
import { signIn } from '../src/session.js';
import { consoleSuite } from '../src/suite.js';

const suite = consoleSuite();
test('probe', async () => {
  const page = await suite.freshPage();
  await signIn(page, suite.stack.webUrl, 'admin@demo.test');
  await page.context().close();
});
