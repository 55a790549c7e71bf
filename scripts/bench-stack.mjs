// What the benchmarks share: free ports, built apps in their own processes, an SMTP sink, the CPU
// time of a process, and the first REST calls of a bench (a company with a survey).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** BENCH_NODE_ARGS: node options for the apps a bench starts (e.g. a CPU profile). */
export const benchNodeArgs = () => process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * Runs a built app in its own process, as in production: the load generator must not share its
 * event loop. BENCH_NODE_ARGS adds node options to it (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export async function startProcess(entry, env, readyUrl) {
  const child = spawn(process.execPath, [...benchNodeArgs(), entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; tries < 360; tries += 1) {
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`${entry} did not become ready`);
}

/** Stops a process started here and waits until it has exited (a CPU profile is written then). */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill();
  });
}

/**
 * CPU time (ms, user + system) a process has used, from /proc (Linux; null elsewhere). Unlike wall
 * time it hardly moves with the machine's load.
 */
export async function cpuTime(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const CLOCK_TICKS = 100; // USER_HZ, 100 on Linux
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** An SMTP server on loopback that accepts and drops every message, counting them. */
export async function startSmtpSink(port) {
  let received = 0;
  let keepTokens = false;
  const tokens = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, _session, callback) {
      // Only the questionnaire bench keeps anything: the participation tokens of the links.
      const chunks = [];
      stream.on('data', (chunk) => {
        if (keepTokens) chunks.push(chunk);
      });
      stream.on('end', () => {
        received += 1;
        if (keepTokens) {
          // Quoted-printable: soft line breaks removed, `=` written as `=3D`.
          const text = Buffer.concat(chunks)
            .toString('latin1')
            .replace(/=\r?\n/g, '');
          const match = /token=(?:3D)?([0-9a-f]{64})/.exec(text);
          if (match) tokens.add(match[1]);
        }
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    received: () => received,
    /** Starts keeping the participation tokens of the survey links in the mails that arrive. */
    keepTokens: () => {
      keepTokens = true;
      tokens.clear();
    },
    tokens: () => [...tokens],
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** POSTs JSON to the API as a signed-in user; throws unless the answer is 2xx. */
export function poster(apiUrl, auth) {
  return async (path, body) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** A new company of 1000+ people with one survey, through the REST API. */
export async function createCompanySurvey(apiUrl, auth, name, shortName) {
  const post = poster(apiUrl, auth);
  const company = await post('/companies/create', {
    name: `${name} ${Date.now()}`,
    industryId: 'ict',
    sizeId: '1000+',
  });
  const survey = await post('/surveys/create/', { name, shortName, companyId: company.id });
  return { company, survey };
}

/** Signs the demo Admin in; the bearer header of the session. */
export async function signInAdmin(apiUrl) {
  const login = await fetch(`${apiUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'admin@demo.test',
      password: process.env.DEMO_PASSWORD ?? 'DemoPass2026',
    }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login failed: ${login.status}`);
  return { authorization: `Bearer ${token}` };
}
