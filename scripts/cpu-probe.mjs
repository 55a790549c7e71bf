// Preloaded (`node --import ./scripts/cpu-probe.mjs app.js`) into an app the CPU bench starts: answers
// the bench's `cpu` message with this process's CPU time so far (process.cpuUsage, microseconds).
if (process.send) {
  process.on('message', (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  });
  // The IPC channel alone must not keep the app running once its server has closed.
  process.channel?.unref();
}
