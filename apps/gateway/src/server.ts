// The runnable gateway: `npm start` (built) or `npm run dev` (watch).
import { startGateway } from './index.js';

try {
  const gateway = await startGateway();
  console.log(`Survey Console gateway: ${gateway.url}/graphql (GraphiQL in a browser)`);
  const stop = () => {
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
