// The public configuration through the gateway, against the real apps/api.
import type { RunningGateway } from '../../index.js';
import { startApi, type TestApi } from '../../test/api.js';
import { gql, startTestGateway, type GraphQLBody } from '../../test/gateway.js';

let api: TestApi;
let gateway: RunningGateway;

beforeAll(async () => {
  api = await startApi();
  gateway = await startTestGateway({ API_URL: api.url });
});
afterAll(async () => {
  await gateway?.close();
  await api?.close();
});

describe('configuration', () => {
  it('serves the lists and defaults without a session, exactly as the API has them', async () => {
    const query =
      '{ configuration { companySizes { id description } companyIndustries { id description } languageCode reportLanguageCode languages reportLanguages anonymityThreshold } }';
    const res = await gql(gateway.url, query);
    const rest = (await (await fetch(`${api.url}/configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect((res.body as GraphQLBody).errors).toBeUndefined();
    expect((res.body as GraphQLBody).data?.configuration).toEqual(rest);
    expect(rest.languages).toHaveLength(36);
    expect(rest).toMatchObject({
      languageCode: 'en-US',
      reportLanguageCode: 'fi-FI',
      anonymityThreshold: 5,
    });
  });
});
