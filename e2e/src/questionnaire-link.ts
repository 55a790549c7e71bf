// A questionnaire link as an invitation carries it, made through the REST API: a new participant
// of the demo's open survey in a language, opened with the PIN the API gave them.
import assert from 'node:assert/strict';
import type { Stack } from './stack.js';

export const DEMO_COMPANY = 'de300000-0000-4000-8000-000000000001';
export const OPEN_SURVEY = 'de300000-0000-4000-8000-000000000303';
const DEMO = DEMO_COMPANY;

/** A new participant of the demo's open survey in `language`, and their questionnaire link. */
export async function questionnaireLink(
  stack: Stack,
  email: string,
  language: string,
): Promise<string> {
  const api = stack.api.url;
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${api}/account/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'admin@demo.test', password: 'DemoPass2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${api}/responders/newresponder`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      surveyId: OPEN_SURVEY,
      companyId: DEMO,
      firstName: 'Pseudo',
      lastName: language,
      languageCode: language,
      email,
      unitIds: [],
    }),
  });
  const participant = (await created.json()) as { id: string; pinCode: string };
  assert.equal(created.status, 201, JSON.stringify(participant));
  // Only an invited participant may answer: the single invitation (its mail goes to the catcher).
  const invited = await fetch(`${api}/surveys/invitesingle/${participant.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(invited.status, 200, await invited.text());
  const opened = await fetch(`${api}/questionnaire/pin`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ surveyId: OPEN_SURVEY, email, pin: participant.pinCode }),
  });
  const { token: questionnaire } = (await opened.json()) as { token: string };
  assert.ok(questionnaire, `a questionnaire token for ${email}`);
  return `${stack.webUrl}/survey/${OPEN_SURVEY}?token=${questionnaire}`;
}
