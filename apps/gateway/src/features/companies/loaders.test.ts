// The company loaders batch: N companies or N companies' surveys cost one REST call, not N.
import type { BoundRestClient } from '../../lib/rest-client.js';
import { createCompaniesLoaders } from './loaders.js';
import type { CompanyDto } from './rest.js';

const company = (id: string) => ({ id, name: `Company ${id}` }) as CompanyDto;

function stubApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const api = {
    get: async (path: string) => {
      calls.push(path);
      if (!(path in answers)) throw new Error(`unexpected ${path}`);
      return answers[path];
    },
  } as unknown as BoundRestClient;
  return { api, calls };
}

describe('company loaders', () => {
  it('loads one company by id, and several with one list call', async () => {
    const { api, calls } = stubApi({
      '/companies/a': company('a'),
      '/companies': [company('a'), company('b'), company('c')],
    });
    const loaders = createCompaniesLoaders(api);
    expect(await loaders.companyById.load('a')).toMatchObject({ id: 'a' });
    const many = await Promise.all(['b', 'c', 'x'].map((id) => loaders.companyById.load(id)));
    expect(many.map((c) => c?.id ?? null)).toEqual(['b', 'c', null]);
    expect(calls).toEqual(['/companies/a', '/companies']);
  });

  it('answers primed companies without a call', async () => {
    const { api, calls } = stubApi({});
    const loaders = createCompaniesLoaders(api);
    loaders.prime([company('a'), company('b')]);
    expect(await loaders.companyById.loadMany(['a', 'b'])).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('reads the surveys of many companies in one call', async () => {
    const { api, calls } = stubApi({
      '/companies/companiesandsurveys': [
        { id: 'a', name: 'A', surveys: [{ id: 's1', name: 'S1' }] },
        { id: 'b', name: 'B', surveys: [] },
      ],
    });
    const loaders = createCompaniesLoaders(api);
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map((id) => loaders.surveysByCompany.load(id)),
    );
    expect(a).toEqual([{ id: 's1', name: 'S1' }]);
    expect(b).toEqual([]);
    expect(c).toEqual([]);
    expect(calls).toEqual(['/companies/companiesandsurveys']);
  });
});
