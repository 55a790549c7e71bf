// Who may use which AI feature (reporting.md section 6). Admin always; PartnerAdmin and SuperUser
// by the survey's manager setting, User by its user setting. An old survey without settings allows
// nothing beyond Admin. The index and the playground are Admin only (routes.ts).
import type { AuthUser } from '../../../lib/auth.js';
import { HttpError } from '../../../lib/errors.js';
import type { SurveyHead } from '../../surveys/index.js';

type Settings = NonNullable<SurveyHead['settings']>;
type Pair = [manager: keyof Settings, user: keyof Settings];

const FEATURES = {
  summarization: ['showAiSummarizationManager', 'showAiSummarizationUser'],
  translation: ['showAiTranslationManager', 'showAiTranslationUser'],
  ask: ['showAskKiddyManager', 'showAskKiddyUser'],
} satisfies Record<string, Pair>;

export type AiFeature = keyof typeof FEATURES;

export function allows(user: AuthUser, survey: SurveyHead, feature: AiFeature): boolean {
  if (user.role === 'Admin') return true;
  const [manager, forUser] = FEATURES[feature];
  const settings = survey.settings;
  if (!settings) return false;
  return user.role === 'User' ? settings[forUser] : settings[manager];
}

export function requireFeature(user: AuthUser, survey: SurveyHead, feature: AiFeature): void {
  if (!allows(user, survey, feature)) throw new HttpError('forbidden');
}

/** Agentic mode: Admin, or the survey's showAgenticAskKiddy setting. */
export const allowsAgentic = (user: AuthUser, survey: SurveyHead): boolean =>
  user.role === 'Admin' || survey.settings?.showAgenticAskKiddy === true;
