// The REST shape of `GET /configuration` (docs/rest-api.md) that `Configuration` resolves from.

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
}
