import express from 'express';
import supertest from 'supertest';
import { configurationRoutes } from './routes.js';

const app = express().use('/configuration', configurationRoutes(7));

describe('configuration', () => {
  it('lists sizes, industries, the 36 UI languages and the defaults', async () => {
    const res = await supertest(app).get('/configuration');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      languageCode: 'en-US',
      reportLanguageCode: 'fi-FI',
      anonymityThreshold: 7,
    });
    expect(res.body.languages).toHaveLength(36);
    expect(res.body.languages).toEqual(
      expect.arrayContaining(['fi-FI', 'sv', 'en-US', 'sme', 'ja']),
    );
    expect(res.body.reportLanguages).toEqual(res.body.languages);
    expect(res.body.companySizes.map((s: { id: string }) => s.id)).toEqual([
      '1-49',
      '50-249',
      '250-999',
      '1000+',
    ]);
    expect(res.body.companyIndustries.length).toBeGreaterThanOrEqual(10);
    for (const option of [...res.body.companySizes, ...res.body.companyIndustries]) {
      expect(option).toEqual({ id: expect.any(String), description: expect.any(String) });
    }
  });

  it('may be cached for a few minutes: it changes only with a deployment', async () => {
    const res = await supertest(app).get('/configuration');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
