// What the scale-out test and benchmark prepare before their load: a signed-in session and a survey
// with N participants (imported from an .xlsx through the REST API, as an Admin's import does).
import ExcelJS from 'exceljs';
import type { GraphqlClient } from './client.js';

/** The demo password (the API's DEMO_PASSWORD default, which the cluster keeps). */
export const DEMO_PASSWORD = 'DemoPass2026';

const LOGIN = `mutation ScaleLogin($email: String!, $password: String!) {
  login(email: $email, password: $password, delivery: TOKEN) { status session { token } }
}`;

/** A sign-in through the gateway; the bearer token, or the error codes when it was refused. */
export async function signIn(
  client: GraphqlClient,
  email: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
) {
  const answer = await client.post(LOGIN, { email, password }, undefined, headers);
  const login = answer.body.data?.login as { session?: { token: string } } | undefined;
  const codes = (answer.body.errors ?? []).map((e) => e.extensions?.code ?? '');
  return { answer, token: login?.session?.token, codes };
}

export async function tokenOf(client: GraphqlClient, email: string): Promise<string> {
  const { token, answer } = await signIn(client, email);
  if (!token) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(answer.body)}`);
  return token;
}

async function post(apiUrl: string, token: string, route: string, body: BodyInit, json = true) {
  const res = await fetch(`${apiUrl}${route}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/**
 * A new company with one survey of `count` participants `p<i>@<domain>`, through the REST API at
 * `apiUrl` as the Admin whose token is given. Returns the survey's id and the emails.
 */
export async function surveyWithParticipants(
  apiUrl: string,
  token: string,
  count: number,
  domain: string,
) {
  const company = await post(
    apiUrl,
    token,
    '/companies/create',
    JSON.stringify({ name: `Scale ${domain}`, industryId: 'ict', sizeId: '1000+' }),
  );
  const survey = await post(
    apiUrl,
    token,
    '/surveys/create/',
    JSON.stringify({ name: 'Scale-out', shortName: 'SO', companyId: company.id }),
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['Email', 'First name', 'Last name', 'Language code', 'Unit1']);
  const emails = Array.from({ length: count }, (_, i) => `p${i}@${domain}`);
  emails.forEach((email, i) =>
    sheet.addRow([email, `First${i}`, `Last${i}`, 'en-US', `Team ${i % 10}`]),
  );
  const form = new FormData();
  form.set('companyId', String(company.id));
  form.set('surveyId', String(survey.id));
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  form.set('file', new Blob([file]), 'participants.xlsx');
  const imported = await post(apiUrl, token, '/import/participants/', form, false);
  if (imported.successfulImportsCount !== count)
    throw new Error(`import: ${JSON.stringify(imported).slice(0, 300)}`);
  return { surveyId: String(survey.id), emails };
}
