// The configuration call of the REST API (docs/rest-api.md): `GET /configuration` and its answer.
import type { BoundRestClient } from '../../lib/rest-client.js';

export interface ConfigurationOptionDto {
  id: string;
  description: string;
}

export interface ConfigurationDto {
  companySizes: ConfigurationOptionDto[];
  companyIndustries: ConfigurationOptionDto[];
  languageCode: string;
  reportLanguageCode: string;
  languages: string[];
  reportLanguages: string[];
  anonymityThreshold: number;
}

/** The choices and languages the console offers; the same for everyone. */
export const configuration = (api: BoundRestClient) => api.get<ConfigurationDto>('/configuration');
