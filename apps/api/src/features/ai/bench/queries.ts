// A labelled query set over the demo comments (apps/api/src/demo/comment-bank-*.ts): questions a
// manager would ask, in Finnish, Swedish and English, paraphrased so they mostly do not repeat the
// criterion's own words. A comment is relevant when it is about one of the query's criteria (and of
// its type, when given). `cross`: the answer is sought only among comments in the other languages.
//   2 meaningful work, 3 pay and benefits, 4 supervisor, 5 team spirit, 6 work-life balance,
//   7 learning, 12 flow of information, 14 workload, 22 wellbeing.

export interface LabelledQuery {
  query: string;
  language: 'fi' | 'sv' | 'en';
  criteria: number[];
  type?: 'positive' | 'negative' | 'neutral';
  cross?: boolean;
}

export const QUERIES: LabelledQuery[] = [
  // Finnish
  { query: 'Tuntuuko työ tarpeelliselta vai turhalta?', language: 'fi', criteria: [2] },
  {
    query: 'paperityöt ja raportointi vievät aikaa oikealta työltä',
    language: 'fi',
    criteria: [2],
    type: 'negative',
  },
  { query: 'Riittääkö ansiotaso elämiseen?', language: 'fi', criteria: [3] },
  { query: 'liikuntaetu lounasetu työterveys', language: 'fi', criteria: [3], type: 'positive' },
  { query: 'Auttaako lähin johtaja kun on ongelmia?', language: 'fi', criteria: [4] },
  { query: 'pomo ei ehdi tavata meitä', language: 'fi', criteria: [4], type: 'negative' },
  { query: 'Miten porukka tulee toimeen keskenään?', language: 'fi', criteria: [5] },
  {
    query: 'kollegat auttavat toisiaan pyytämättä',
    language: 'fi',
    criteria: [5],
    type: 'positive',
  },
  { query: 'Ehtiikö perheelle ja harrastuksille?', language: 'fi', criteria: [6] },
  { query: 'sähköpostit illalla ja viikonloppuisin', language: 'fi', criteria: [6] },
  { query: 'Pääseekö koulutuksiin ja kehittymään?', language: 'fi', criteria: [7] },
  { query: 'uuden oppiminen ja kurssit', language: 'fi', criteria: [7], type: 'positive' },
  { query: 'Tiedetäänkö mitä talossa tapahtuu?', language: 'fi', criteria: [12] },
  {
    query: 'päätöksistä kuulee vasta käytäväpuheista',
    language: 'fi',
    criteria: [12],
    type: 'negative',
  },
  { query: 'Onko tehtäviä liikaa yhdelle ihmiselle?', language: 'fi', criteria: [14] },
  { query: 'kiire ja ylityöt', language: 'fi', criteria: [14], type: 'negative' },
  { query: 'Miten ihmiset jaksavat?', language: 'fi', criteria: [22] },
  { query: 'stressi ja uupumus', language: 'fi', criteria: [22, 14], type: 'negative' },
  { query: 'Mitä toivotaan johtajalta?', language: 'fi', criteria: [4], type: 'neutral' },
  { query: 'palkankorotukset ja bonukset', language: 'fi', criteria: [3] },
  // Swedish
  { query: 'Känns arbetet meningsfullt?', language: 'sv', criteria: [2] },
  { query: 'rapporter som ingen läser', language: 'sv', criteria: [2], type: 'negative' },
  { query: 'Räcker lönen till?', language: 'sv', criteria: [3] },
  { query: 'friskvårdsbidrag och förmåner', language: 'sv', criteria: [3], type: 'positive' },
  { query: 'Stöttar chefen oss när det är svårt?', language: 'sv', criteria: [4] },
  { query: 'chefen har ingen tid för oss', language: 'sv', criteria: [4], type: 'negative' },
  { query: 'Hur är stämningen i gruppen?', language: 'sv', criteria: [5] },
  { query: 'kollegor hjälper varandra', language: 'sv', criteria: [5], type: 'positive' },
  { query: 'Hinner man med familjen?', language: 'sv', criteria: [6] },
  { query: 'jobbmejl på kvällen', language: 'sv', criteria: [6] },
  { query: 'Får man gå på kurser?', language: 'sv', criteria: [7] },
  { query: 'lära sig nya saker', language: 'sv', criteria: [7], type: 'positive' },
  { query: 'Vet vi vad som händer i företaget?', language: 'sv', criteria: [12] },
  { query: 'beslut kommer som en överraskning', language: 'sv', criteria: [12], type: 'negative' },
  {
    query: 'För mycket att göra och för lite tid',
    language: 'sv',
    criteria: [14],
    type: 'negative',
  },
  { query: 'Hur mår personalen?', language: 'sv', criteria: [22] },
  { query: 'stress och utmattning', language: 'sv', criteria: [22, 14], type: 'negative' },
  // English
  { query: 'Does the job feel worthwhile?', language: 'en', criteria: [2] },
  { query: 'pointless reporting nobody reads', language: 'en', criteria: [2], type: 'negative' },
  { query: 'Is the salary fair?', language: 'en', criteria: [3] },
  {
    query: 'perks like lunch and sports vouchers',
    language: 'en',
    criteria: [3],
    type: 'positive',
  },
  { query: 'Does my boss help when I am stuck?', language: 'en', criteria: [4] },
  {
    query: 'the manager never has time for one-to-ones',
    language: 'en',
    criteria: [4],
    type: 'negative',
  },
  { query: 'How do colleagues get along?', language: 'en', criteria: [5] },
  {
    query: 'people help each other without being asked',
    language: 'en',
    criteria: [5],
    type: 'positive',
  },
  { query: 'Is there time for family and hobbies?', language: 'en', criteria: [6] },
  { query: 'emails in the evening', language: 'en', criteria: [6] },
  { query: 'Can I get training and grow?', language: 'en', criteria: [7] },
  { query: 'Do we hear about decisions in time?', language: 'en', criteria: [12] },
  { query: 'rumours instead of announcements', language: 'en', criteria: [12], type: 'negative' },
  { query: 'too much to do, constant overtime', language: 'en', criteria: [14], type: 'negative' },
  { query: 'How are people coping?', language: 'en', criteria: [22] },
  { query: 'burnout and exhaustion', language: 'en', criteria: [22, 14], type: 'negative' },
  // Cross-language: the question in one language, the answers in the others.
  { query: 'pay is too low', language: 'en', criteria: [3], cross: true },
  { query: 'my manager does not listen', language: 'en', criteria: [4], cross: true },
  { query: 'great team spirit', language: 'en', criteria: [5], cross: true },
  { query: 'work and family life', language: 'en', criteria: [6], cross: true },
  { query: 'training courses', language: 'en', criteria: [7], cross: true },
  { query: 'information does not flow', language: 'en', criteria: [12], cross: true },
  { query: 'workload is too heavy', language: 'en', criteria: [14], cross: true },
  { query: 'palkka on liian pieni', language: 'fi', criteria: [3], cross: true },
  { query: 'esihenkilö ei kuuntele', language: 'fi', criteria: [4], cross: true },
  { query: 'työkaverit ovat mahtavia', language: 'fi', criteria: [5], cross: true },
  { query: 'koulutusta ja oppimista', language: 'fi', criteria: [7], cross: true },
  { query: 'tiedottaminen on huonoa', language: 'fi', criteria: [12], cross: true },
  { query: 'lönen är för låg', language: 'sv', criteria: [3], cross: true },
  { query: 'chefen lyssnar inte', language: 'sv', criteria: [4], cross: true },
  { query: 'för hög arbetsbelastning', language: 'sv', criteria: [14], cross: true },
  { query: 'meningsfullt arbete', language: 'sv', criteria: [2], cross: true },
  { query: 'balans mellan arbete och fritid', language: 'sv', criteria: [6], cross: true },
  { query: 'kollegorna är fantastiska', language: 'sv', criteria: [5], cross: true },
];
