import type { Role } from '../lib/auth.js';

// Fixed ids, so links and bookmarks into the demo keep working across restarts and machines.
export const DEMO_COMPANY = {
  id: 'de300000-0000-4000-8000-000000000001',
  name: 'Demo Oy',
  industryId: 'ict',
  sizeId: '50-249',
  // The create-form defaults of administration.md section 4.
  settings: {
    reportPackage: true,
    sendEmailAfterSurvey: true,
    showPassQuestions: false,
    restrictOpenCommentsByUnit: false,
    allowViewCommentsOfSmallGroup: false,
    localizedReports: false,
    showBackgroundAge: true,
    showBackgroundGender: true,
    showBackgroundEmploymentDuration: true,
    showBackgroundEducation: true,
    showBackgroundPosition: true,
    showBackgroundContractType: true,
    showBackgroundWorkingHours: true,
  },
};

export interface DemoAccount {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  language: string;
  /** SuperUser and User belong to the company; a PartnerAdmin is assigned to it. */
  company: 'member' | 'assigned' | 'none';
  twoFactor: boolean;
  /** Reads reports in any report language (the report language selector shows). */
  localizedReports?: boolean;
  note: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: 'de300000-0000-4000-8000-000000000101',
    email: 'admin@demo.test',
    displayName: 'Aino Admin',
    role: 'Admin',
    language: 'en-US',
    company: 'none',
    twoFactor: false,
    note: "the provider's staff",
  },
  {
    id: 'de300000-0000-4000-8000-000000000102',
    email: 'partner@demo.test',
    displayName: 'Paavo Partner',
    role: 'PartnerAdmin',
    language: 'en-US',
    company: 'assigned',
    twoFactor: false,
    note: 'assigned to Demo Oy',
  },
  {
    id: 'de300000-0000-4000-8000-000000000103',
    email: 'super@demo.test',
    displayName: 'Siiri Super',
    role: 'SuperUser',
    language: 'fi-FI',
    company: 'member',
    twoFactor: false,
    localizedReports: true,
    note: 'administrator of Demo Oy; reads reports in any report language',
  },
  {
    id: 'de300000-0000-4000-8000-000000000104',
    email: 'user@demo.test',
    displayName: 'Ulla User',
    role: 'User',
    language: 'sv',
    company: 'member',
    twoFactor: false,
    note: 'reads results of Demo Oy',
  },
  {
    id: 'de300000-0000-4000-8000-000000000105',
    email: 'twofactor@demo.test',
    displayName: 'Tuomas Twofactor',
    role: 'SuperUser',
    language: 'en-US',
    company: 'member',
    twoFactor: true,
    note: 'two-factor sign-in: the code arrives in the mail inbox',
  },
];

/**
 * An invited account that has not chosen a password yet: its confirmation email is sent when the
 * demo is created, so a newcomer (and the e2e suite) can walk through account confirmation.
 */
export const PENDING_DEMO_ACCOUNT = {
  id: 'de300000-0000-4000-8000-000000000106',
  email: 'newcomer@demo.test',
  displayName: 'Noora Newcomer',
  role: 'User' as Role,
  language: 'en-US',
};
