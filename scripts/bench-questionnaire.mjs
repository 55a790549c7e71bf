// The questionnaire under load (issue 16): a company's invitation goes out at once, so many people
// answer in the same minutes. BENCH_PARTICIPANTS (default 1,000) invited participants each open the
// questionnaire, save a draft in five steps and finish, all at once, straight to the REST API (the
// API process of bench.mjs: PGlite in memory, or PostgreSQL when DATABASE_URL is set).
// Prints p50/p95 per step, errors, and finishing throughput (responses per second).

import { Agent, fetch as undiciFetch } from 'undici';

const CRITERIA = Array.from({ length: 30 }, (_, i) => i + 2);

// The participants' browsers reach the API through a proxy that keeps a pool of connections; 1,000
// fresh connections at once would overflow the listen backlog of a single process instead.
const CONNECTIONS = Number(process.env.BENCH_QUESTIONNAIRE_CONNECTIONS ?? 256);

/** The answers of simulated participant n, growing over the five saves. */
function answersOf(n, upTo) {
  const important = [...CRITERIA]
    .sort((a, b) => ((a * 7 + n) % 30) - ((b * 7 + n) % 30))
    .slice(0, 10);
  const answers = { background: {}, important: [], realizations: [], comments: [] };
  if (upTo >= 1) answers.background = { age: ['<25', '25-34', '35-44', '45-54', '55+'][n % 5] };
  if (upTo >= 2) answers.important = important;
  if (upTo >= 3)
    answers.realizations = CRITERIA.slice(0, 15).map((id) => ({
      criterionId: id,
      value: (id * 3 + n) % 101,
    }));
  if (upTo >= 4)
    answers.realizations = CRITERIA.map((id) => ({ criterionId: id, value: (id * 3 + n) % 101 }));
  if (upTo >= 5) {
    answers.satisfaction = (n * 13) % 101;
    answers.enps = n % 11;
    answers.changeJob = n % 4 === 0;
    answers.comments = [
      { criterionId: important[0], type: 'positive', text: `Hyvä asia numero ${n}.` },
    ];
  }
  return answers;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function questionnaireBench(apiUrl, auth, smtp) {
  const count = Number(process.env.BENCH_PARTICIPANTS ?? 1000);
  const ExcelJS = (await import('exceljs')).default;
  const post = async (path, body) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const company = await post('/companies/create', {
    name: `Questionnaire bench ${Date.now()}`,
    industryId: 'ict',
    sizeId: '1000+',
  });
  const survey = await post('/surveys/create/', {
    name: 'Questionnaire bench',
    shortName: 'QB',
    companyId: company.id,
  });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow(['Email', 'First name', 'Last name', 'Language code', 'Unit1']);
  for (let i = 0; i < count; i += 1)
    sheet.addRow([`q${i}@bench.test`, `First${i}`, `Last${i}`, 'fi-FI', `Team ${i % 20}`]);
  const form = new FormData();
  form.set('companyId', company.id);
  form.set('surveyId', survey.id);
  form.set('file', new Blob([Buffer.from(await workbook.xlsx.writeBuffer())]), 'participants.xlsx');
  const imported = await fetch(`${apiUrl}/import/participants/`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);

  smtp.keepTokens();
  await post(`/surveys/invite/${survey.id}`, {});
  for (let wait = 0; smtp.tokens().length < count; wait += 1) {
    if (wait > 600) throw new Error(`only ${smtp.tokens().length} of ${count} invitations arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const tokens = smtp.tokens();

  const times = { open: [], save: [], finish: [] };
  let errors = 0;
  let firstFinishStart = Infinity;
  let lastFinishEnd = 0;
  const dispatcher = new Agent({ connections: CONNECTIONS });
  const call = async (step, method, path, body) => {
    const started = performance.now();
    let ok = false;
    try {
      const res = await undiciFetch(`${apiUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        dispatcher,
      });
      await res.arrayBuffer();
      ok = res.ok;
    } catch {
      ok = false;
    }
    const ended = performance.now();
    times[step].push(ended - started);
    if (!ok) errors += 1;
    return { started, ended };
  };
  const participant = async (token, n) => {
    await call('open', 'POST', '/questionnaire/open', { token });
    for (let step = 1; step <= 5; step += 1)
      await call('save', 'PUT', '/questionnaire/draft', { token, answers: answersOf(n, step) });
    const { started, ended } = await call('finish', 'POST', '/questionnaire/finish', {
      token,
      answers: answersOf(n, 5),
    });
    firstFinishStart = Math.min(firstFinishStart, started);
    lastFinishEnd = Math.max(lastFinishEnd, ended);
  };
  const started = performance.now();
  await Promise.all(tokens.map((token, n) => participant(token, n)));
  const seconds = (performance.now() - started) / 1000;
  await dispatcher.close();
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nquestionnaire: ${count.toLocaleString('en')} participants at once on ${database} ` +
      `(REST, ${CONNECTIONS} connections; open, 5 saves, finish): ${seconds.toFixed(1)} s in all, ` +
      `${errors} errors`,
  );
  for (const [step, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${step.padEnd(7)} ${String(sorted.length).padStart(6)} calls   p50 ${percentile(sorted, 50)
        .toFixed(0)
        .padStart(5)} ms   p95 ${percentile(sorted, 95).toFixed(0).padStart(5)} ms`,
    );
  }
  const finishSeconds = (lastFinishEnd - firstFinishStart) / 1000;
  console.log(
    `  finishing throughput: ${(times.finish.length / finishSeconds).toFixed(0)} responses/s ` +
      `(${times.finish.length} finished in ${finishSeconds.toFixed(1)} s)`,
  );
}
