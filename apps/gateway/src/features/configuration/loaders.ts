// Per-request loaders: several `configuration` fields in one operation make one REST call.
import DataLoader from 'dataloader';
import type { BoundRestClient } from '../../lib/rest-client.js';
import { configuration, type ConfigurationDto } from './rest.js';

export type ConfigurationLoaders = ReturnType<typeof createConfigurationLoaders>;

export function createConfigurationLoaders(api: BoundRestClient) {
  return {
    // One key: the configuration is the same for everyone; the loader only deduplicates within a request.
    configuration: new DataLoader<'configuration', ConfigurationDto>((keys) =>
      Promise.all(keys.map(() => configuration(api))),
    ),
  };
}
