// Every route path of the console in one place; links and redirects build hrefs with getHref().
import { generatePath } from 'react-router';

export const paths = {
  home: '/',
  login: '/login',
  otp: '/otp',
  accountConfirm: '/account/confirm/:userId?/:code?',
  resetRequest: '/account/reset',
  resetConfirm: '/account/reset/confirm/:userId/:code',
  unauthorized: '/unauthorized',
  privacy: '/privacy/:language?',
  questionnaire: '/survey/:id',
  dashboard: '/dashboard',
  reports: '/report',
  reportCurrentSatisfaction: '/report/currentsatisfaction',
  reportMostImportant: '/report/mostImportant',
  reportMostImportantGrouped: '/report/mostImportantGrouped',
  reportRealizations: '/report/realizations',
  reportRealizationsByVariables: '/report/realizationbyvariablesgrouped',
  reportLIndexCompare: '/report/lindexcompare',
  reportLIndexGrouped: '/report/lindexgrouped',
  reportLMap: '/report/lmap',
  reportEnps: '/report/enps',
  reportOpenComments: '/report/opencomments',
  reportCorrelation: '/report/correlation',
  reportPackage: '/report/package',
  reportAskKiddy: '/report/ask-kiddy',
  supervisors: '/supervisors',
  supervisorPackage: '/supervisors/packages/:id',
  adminDashboard: '/Admindashboard',
  companies: '/companies',
  companyCreate: '/companies/create',
  companyEdit: '/companies/edit/:id',
  companyUnits: '/companies/units/:id',
  surveys: '/surveys',
  surveyCreate: '/surveys/create',
  surveyDetails: '/surveys/details/:id',
  surveyEdit: '/surveys/edit/:id',
  surveyComments: '/surveys/managecomments/:id',
  surveyGenAi: '/surveys/gen-ai/:id',
  participantAdd: '/responder/add/:companyId/:surveyId',
  participantEdit: '/responder/:id/:surveyId/:pid/:companyId',
  logs: '/logs',
  aiAudit: '/ai-audit',
  users: '/users',
  userCreate: '/users/create',
  userEdit: '/users/edit/:id',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

type PathParams<P extends string> = Parameters<typeof generatePath<P>>[1];
type Query = Record<string, string | null | undefined>;

/** Builds an href from a route path, its parameters and a query whose empty values are skipped. */
export function getHref<P extends AppPath>(path: P, params?: PathParams<P>, query?: Query): string {
  const pathname = generatePath(path, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}
