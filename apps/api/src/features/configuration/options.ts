// Ids are stored on companies: never renumber or reuse one; add new options at the end of a list.

export interface Option {
  id: string;
  description: string;
}

export const COMPANY_SIZES: readonly Option[] = [
  { id: '1-49', description: '1–49 employees' },
  { id: '50-249', description: '50–249 employees' },
  { id: '250-999', description: '250–999 employees' },
  { id: '1000+', description: '1000 or more employees' },
];

export const COMPANY_INDUSTRIES: readonly Option[] = [
  { id: 'manufacturing', description: 'Manufacturing' },
  { id: 'construction', description: 'Construction and real estate' },
  { id: 'retail', description: 'Retail and wholesale' },
  { id: 'logistics', description: 'Transport and logistics' },
  { id: 'hospitality', description: 'Accommodation and food services' },
  { id: 'ict', description: 'Information and communication technology' },
  { id: 'finance', description: 'Finance and insurance' },
  { id: 'professional', description: 'Professional and business services' },
  { id: 'health', description: 'Health and social services' },
  { id: 'education', description: 'Education' },
  { id: 'public', description: 'Public administration' },
  { id: 'energy', description: 'Energy and utilities' },
];
