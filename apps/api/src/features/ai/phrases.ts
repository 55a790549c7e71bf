// The embedded engine's few fixed sentences, in the report languages the demo uses (Finnish,
// Swedish, English; others get English). They frame what was found; they never state a finding.
import { baseLanguage } from './text.js';

const PHRASES = {
  en: {
    extractiveLabel: 'Extractive summary (no language model): representative comments as written.',
    keyPhrases: 'Key phrases',
    noComments: 'No open comments to summarise.',
    translationNeedsModel:
      'Translation needs a configured model; the original texts are shown with their detected language.',
    found: (n: number, criteria: string) =>
      `${n} comments match the question; most of them concern ${criteria}.`,
    none: 'No comments matched the question.',
    keyTerms: 'Key terms in the matching comments',
    followNegative: (c: string) => `What do the critical comments say about ${c}?`,
    followPositive: (c: string) => `What is praised about ${c}?`,
    followUnit: (term: string) => `Which comments mention ${term}?`,
    fullSummaryLabel: 'Combined extractive summary of the observation factors:',
  },
  fi: {
    extractiveLabel: 'Poimiva yhteenveto (ei kielimallia): edustavat kommentit sellaisinaan.',
    keyPhrases: 'Avainsanat',
    noComments: 'Ei tiivistettäviä avoimia kommentteja.',
    translationNeedsModel:
      'Kääntäminen vaatii määritetyn kielimallin; alkuperäiset tekstit näytetään tunnistetun kielen kanssa.',
    found: (n: number, criteria: string) =>
      `Kysymykseen liittyy ${n} kommenttia; useimmat koskevat aiheita ${criteria}.`,
    none: 'Kysymykseen liittyviä kommentteja ei löytynyt.',
    keyTerms: 'Keskeiset sanat löydetyissä kommenteissa',
    followNegative: (c: string) => `Mitä kriittiset kommentit sanovat aiheesta ${c}?`,
    followPositive: (c: string) => `Mitä kiitetään aiheessa ${c}?`,
    followUnit: (term: string) => `Missä kommenteissa mainitaan ${term}?`,
    fullSummaryLabel: 'Havaintotekijöiden yhdistetty poimiva yhteenveto:',
  },
  sv: {
    extractiveLabel: 'Extraherande sammanfattning (ingen språkmodell): representativa kommentarer.',
    keyPhrases: 'Nyckelord',
    noComments: 'Inga öppna kommentarer att sammanfatta.',
    translationNeedsModel:
      'Översättning kräver en konfigurerad modell; originaltexterna visas med identifierat språk.',
    found: (n: number, criteria: string) =>
      `${n} kommentarer hör till frågan; de flesta gäller ${criteria}.`,
    none: 'Inga kommentarer hörde till frågan.',
    keyTerms: 'Nyckelord i de funna kommentarerna',
    followNegative: (c: string) => `Vad säger de kritiska kommentarerna om ${c}?`,
    followPositive: (c: string) => `Vad får beröm inom ${c}?`,
    followUnit: (term: string) => `Vilka kommentarer nämner ${term}?`,
    fullSummaryLabel: 'Sammanslagen extraherande sammanfattning av observationsfaktorerna:',
  },
};

export type Phrases = (typeof PHRASES)['en'];

export function phrases(languageCode: string): Phrases {
  const lang = baseLanguage(languageCode);
  return lang === 'fi' || lang === 'sv' ? PHRASES[lang] : PHRASES.en;
}
