// A curated lexicon of workplace topics for routing a question to the survey's criteria
// (docs/ai.md "Retrieval"): for each criterion (survey-model.md, ids 2..31) the everyday words people
// use about it in Finnish, Swedish and English, beyond the criterion's own name (the names in all 36
// report languages come from locales/<lang>/report.json). Written from the domain, not from any
// labelled question: a word belongs here when an HR analyst would file a comment using it under the
// criterion.
//
// Entries are comma-separated. A plain entry is stemmed with its language's Snowball stemmer and
// matches the same stem; an entry ending in `*` is a stem prefix (Finnish and Swedish compounds:
// `palk*` matches palkka, palkankorotus, palkkaus); an entry of several words matches when all of
// them occur.

export type LexiconLanguage = 'fi' | 'sv' | 'en';

/**
 * Words too general to say which criterion a question is about (they are in many questions and in
 * some criterion names: "Meaningful work", "Palaute työstäni"): routing ignores them.
 */
export const ROUTING_STOPWORDS: Record<LexiconLanguage, string> = {
  fi: 'työ, työn, työstä, työssä, töitä, työtä, ihmiset, ihmisten, henkilöstö, henkilökunta, väki, yritys, talo, organisaatio, asia, asiat, mieltä, ajatella',
  sv: 'arbete, arbetet, jobb, jobbet, folk, personal, personalen, anställda, företag, företaget, organisation, sak, saker, tycker, tycka',
  en: 'work, working, job, jobs, people, staff, employees, personal, company, organisation, organization, thing, things, think, say, feel',
};

export type Lexicon = Record<number, Record<LexiconLanguage, string>>;

export const WORKPLACE_LEXICON: Lexicon = {
  2: {
    fi: 'merkitys*, merkityksellinen, tarkoitus*, mielekäs*, mielekkyy*, turha*, hyödytön, hyödyllinen, arvokas, motivaatio*, motivoi*, innostu*, paperityö*, byrokratia*, tärkeä työ, työn tulos*',
    sv: 'meningsfull*, mening*, syfte*, poäng*, meningslös*, onödig*, värdefull*, motivation*, motiver*, pappersarbete*, byråkrati*, betydelse*, viktigt arbete, spelar roll, gör skillnad',
    en: 'meaningful, meaning, purpose, purposeful, pointless, worthwhile, useless, motivation, motivated, paperwork, bureaucracy, matters, impact, contribution, rewarding, make a difference',
  },
  3: {
    fi: 'palk*, ansio*, tienesti*, liksa*, tulotaso*, bonus*, bonuks*, tulospalkki*, etu, edut, etuj*, etuisuu*, työsuhde-etu*, lounasetu*, liikuntaetu*, kulttuuriet*, virike*, työterveys*, korotu*, ostovoim*, kompensaatio*, raha*, rahat',
    sv: 'lön*, avlön*, ersättning*, bonus*, förmån*, friskvård*, lunchförmån*, lönehöj*, lönesättning*, löneförhandling*, köpkraft*, tillägg*, företagshälsovård*, pension*, pengar*',
    en: 'pay, paid, salary, salaries, wage, wages, earnings, income, compensation, bonus, bonuses, benefit, benefits, perks, raise, raises, pension, remuneration, voucher, vouchers, payroll, purchasing power, money',
  },
  4: {
    fi: 'esihenkilö*, esimie*, esimiehe*, johtaja*, pomo*, lähijoh*, kehityskeskustelu*, kahdenkeskinen*, tuki, tuke*, tukea, kuuntel*, saatavilla, tavoitettav*',
    sv: 'chef*, förman*, ledare*, närmaste chef*, chefen, stöd*, stötta*, utvecklingssamtal*, medarbetarsamtal*, lyssna*, tillgänglig*',
    en: 'manager, managers, supervisor, supervisors, boss, bosses, line manager, team lead, support, supportive, one-to-one, one-on-one, one-on-ones, development discussion, listens, listen, available',
  },
  5: {
    fi: 'yhteishen*, työkaveri*, työtoveri*, kolleg*, porukka*, porukan*, tiimi*, ryhmähen*, ilmapiiri*, kuppikun*, juoru*, yhteistyö, auttaa*, autta*, kahvi*, tyky*, virkistyspäiv*',
    sv: 'sammanhåll*, teamkänsla*, laganda*, kollega*, kollegor*, arbetskamrat*, gäng*, gruppen, team*, stämning*, klick*, skvaller*, hjälper varandra, fika*, gemenskap*',
    en: 'team spirit, colleagues, colleague, coworkers, co-workers, teammates, team, crew, atmosphere, cliques, clique, gossip, get along, help each other, camaraderie, morale, belonging',
  },
  6: {
    fi: 'tasapaino*, perhe*, perhee*, lapsi, lapset, lasten, harrastu*, vapaa-aika*, vapaa-aja*, ilta*, viikonlopu*, loma, lomat, lomia, palautu*, yksityiselämä*, jaksaminen',
    sv: 'balans*, familj*, barn*, fritid*, hobby*, kväll*, helg*, semester*, ledighet*, privatliv*, återhämt*, mejl*, e-post*',
    en: 'balance, family, families, kids, children, hobbies, free time, spare time, evenings, evening, weekends, weekend, holidays, holiday, vacation, private life, personal life, switch off, after hours',
  },
  7: {
    fi: 'oppi*, koulutu*, kurss*, kehitty*, osaami*, taido*, taito*, perehdyt*, mentor*, kouluttautu*, ammattitaido*, itsensä kehittäminen, webinaar*',
    sv: 'lära, lär*, lärande*, utbildning*, kurs*, utveckl*, kompetens*, färdighet*, mentor*, fortbildning*, vidareutbildning*, introduktion*',
    en: 'learn, learning, training, trainings, course, courses, develop, development, grow, growth, skills, skill, competence, mentoring, mentor, education, upskilling, seminar, workshop',
  },
  8: {
    fi: 'ura*, urakehity*, uraa, etene*, ylenn*, ylennys*, uramahdollisuu*, sisäinen haku, tehtäväkier*, urapolk*',
    sv: 'karriär*, befordr*, avancemang*, avancera*, karriärväg*, intern rekrytering*, jobbrotation*',
    en: 'career, careers, promotion, promotions, promoted, advance, advancement, progression, career path, internal applicants, job rotation',
  },
  9: {
    fi: 'jatkuvuu*, irtisano*, lomaut*, yt-neuvottel*, muutosneuvottel*, määräaikai*, vakitui*, työpaikan pysyvyy*, epävarmuu*, turvattomuu*, työsuhtee*',
    sv: 'anställningstrygghet*, trygghet*, uppsägning*, varsel*, permitter*, visstid*, tillsvidare*, fast anställning*, osäkerhet*, neddragning*',
    en: 'job security, layoffs, layoff, redundancy, redundancies, dismissals, fixed-term, permanent contract, uncertainty, insecure, insecurity, downsizing',
  },
  10: {
    fi: 'arvostu*, arvost*, tunnustu*, kiitt*, huomioi*, huomio*, palkitse*, palkitsemi*, näkymätön*',
    sv: 'uppskatt*, erkänn*, beröm*, belön*, osynlig*, värdesätt*',
    en: 'appreciation, appreciated, appreciate, recognition, recognised, recognized, praise, praised, thanked, credit, valued, unnoticed, invisible, rewarded',
  },
  11: {
    fi: 'tavoit*, päämäär*, prioritee*, prioris*, odotuk*, selkeä*, selkey*, epäselv*, vastuualue*, roolit*, tehtävänkuva*',
    sv: 'mål*, målsättning*, prioriter*, förväntning*, tydlig*, otydlig*, ansvarsområde*, roller*, rollen*',
    en: 'goals, goal, objectives, objective, targets, target, priorities, priority, expectations, expected, clear, unclear, clarity, responsibilities, role',
  },
  12: {
    fi: 'tiedo*, tiedott*, tieto, tietoa, tietää, tiedetään, tiedä*, tiedonkul*, viestin*, infot*, info*, käytäväpuhe*, intranet*, sisäinen viestintä, päätöksistä kuulee',
    sv: 'information*, informer*, kommunikation*, kommunicer*, internkommunikation*, intranät*, rykte*, rykten*, beslut kommer, får veta*, info*',
    en: 'information, informed, communication, communicate, communicated, announcements, announcement, news, rumours, rumors, grapevine, intranet, updates, kept in the dark, transparency',
  },
  13: {
    fi: 'itsenäi*, vapau*, vapaus, luotta*, mikromanageroi*, päätösvalta*, omaa työtä, omat työtapa*, vaikuttaa omaan*',
    sv: 'självständig*, frihet*, autonomi*, detaljstyr*, mikrostyr*, styra själv*, eget ansvar*, egna beslut*',
    en: 'autonomy, autonomous, independence, independent, freedom, micromanage, micromanaged, micromanagement, own decisions, decide myself, self-directed, trust',
  },
  14: {
    fi: 'työmäär*, työkuorm*, kuormi*, kiire*, kiirei*, ylitö*, ylityö*, liikaa töi*, töitä liikaa, resurssi*, resursoin*, henkilöstöpula*, kuormitu*, venyä, tehtäviä liikaa, aikataulu*, deadline*, tehtävämäär*, tehtäviä',
    sv: 'arbetsbörda*, arbetsbelastning*, belastning*, arbetsmängd*, stress*, brådska*, övertid*, för mycket, hinner inte, resurs*, underbemann*, tidspress*, deadline*, uppgift*, arbetsuppgift*',
    en: 'workload, workloads, overload, overloaded, too much, busy, rush, overtime, understaffed, understaffing, resources, deadlines, deadline, pressure, swamped, heavy, too many tasks, hours',
  },
  15: {
    fi: 'työympäristö*, työväline*, työkalu*, laite*, laitte*, tietokone*, kone, ohjelmisto*, järjestelmä*, toimisto*, toimitila*, avokonttori*, melu*, ergonomi*, tuoli*, näyttö*, sisäilma*, työtila*',
    sv: 'arbetsmiljö*, verktyg*, utrustning*, dator*, system*, programvara*, kontor*, lokaler*, kontorslandskap*, buller*, ergonomi*, stol, stolar, skärm*, inomhusluft*',
    en: 'tools, tool, equipment, computer, computers, laptop, software, systems, system, office, premises, open-plan, noise, noisy, ergonomics, chair, desk, screen, workspace, air quality',
  },
  16: {
    fi: 'ylin johto, johto*, johdo*, johtoryhmä*, toimitusjohtaja*, luottamu*, luota*, johdon päätö*',
    sv: 'ledning*, ledningen*, företagsledning*, vd*, högsta ledning*, förtroende*, lita*, ledningsgrupp*',
    en: 'management, leadership, executives, executive, top management, senior management, ceo, board, trust in, trust, credible, credibility',
  },
  17: {
    fi: 'oikeudenmukai*, epäoikeudenmukai*, tasa-arvo*, tasapuolisu*, tasapuolis*, suosi*, suosikki*, syrjintä*, syrji*, reilu*, epäreilu*, eriarvoi*',
    sv: 'rättvis*, orättvis*, jämställd*, jämlik*, favoris*, diskriminer*, särbehand*, likabehand*, schysst*',
    en: 'fair, fairness, unfair, unfairly, equal, equality, inequality, favouritism, favoritism, favours, favorites, discrimination, discriminated, treated equally, double standards',
  },
  18: {
    fi: 'palaut*, palaute*, palautteen*, kommentoi*, arvioin*, kehu*, rakentava*, kritiikki*',
    sv: 'återkoppling*, feedback*, respons*, beröm*, kritik*, konstruktiv*, utvärdering*',
    en: 'feedback, comments on my work, evaluation, review, reviews, performance review, praise, criticism, constructive',
  },
  19: {
    fi: 'vaikut*, vaikutusmahdollisuu*, osallistu*, osallist*, päätöksenteko*, päätöks*, kuull*, ääni kuuluu, äänemme',
    sv: 'påverka*, inflytande*, delaktig*, medbestämmande*, beslutsfattande*, beslut*, bli hörd*, åsikt*',
    en: 'influence, decisions, decision, decision-making, involved, involvement, participate, participation, consulted, voice',
  },
  20: {
    fi: 'joustav*, jousto*, liukuva*, liukuma*, työaika*, työaja*, työajo*, vuorotyö*, työvuoro*, aikaisin, myöhään',
    sv: 'flexibel*, flextid*, flexib*, arbetstid*, arbetstider*, skift*, schema*, arbetspass*',
    en: 'flexible, flexibility, flexitime, flextime, working hours, hours, schedule, schedules, shifts, shift, start times, time off',
  },
  21: {
    fi: 'etätyö*, etä*, kotoa, kotitoimisto*, hybridi*, teams*, videopalaveri*, toimistopäiv*, etänä',
    sv: 'distans*, distansarbete*, hemifrån, hemmakontor*, hybrid*, jobba hemma, på distans, kontorsdag*, videomöte*',
    en: 'remote, remotely, from home, home office, hybrid, working from home, wfh, video calls, teams calls, office days, distance',
  },
  22: {
    fi: 'hyvinvoin*, jaksa*, jaksami*, uupu*, uupumu*, loppuun palami*, burnout*, stressi*, stressa*, väsy*, sairausloma*, sairaslom*, terveys, henkinen*, mielenterveys*, voimavar*',
    sv: 'välmående*, välbefinnande*, må bra, mår*, ork*, utmattning*, utbrändhet*, utbränd*, stress*, trött*, sjukskriv*, hälsa*, psykisk*, återhämtning*',
    en: 'wellbeing, well-being, wellness, coping, cope, exhaustion, exhausted, burnout, burned out, burnt out, stress, stressed, tired, fatigue, sick leave, health, mental health, energy',
  },
  23: {
    fi: 'arvot, arvoja, arvoista, arvoihin, kulttuur*, toimintakulttuur*, yrityskulttuur*, etiikka*, eettis*, periaat*, sanat ja teot',
    sv: 'värdering*, värderingar*, kultur*, företagskultur*, etik*, etisk*, princip*, ord och handling',
    en: 'values, value, culture, cultural, company culture, ethics, ethical, principles, walk the talk, words and actions',
  },
  24: {
    fi: 'asiak*, asiakkai*, asiakaspalvel*, asiakaskokemu*, palvelu*, asiakastyytyväisyy*',
    sv: 'kund, kunder, kunden, kunderna, kundfokus*, kundservice*, kundupplevelse*, service*, kundnöjd*',
    en: 'customer, customers, client, clients, customer service, customer experience, service, satisfaction of customers',
  },
  25: {
    fi: 'yksiköi*, yksikö*, osasto*, osastoj*, tiimien välinen, siilo*, yhteistyö*, rajapinta*, eri tiimit',
    sv: 'enhet*, enheter*, avdelning*, silo*, samarbete*, mellan team, över gränser*, gränssnitt*',
    en: 'units, unit, departments, department, silos, silo, cooperation, collaboration, cross-team, between teams, other teams, handovers',
  },
  26: {
    fi: 'muuto*, muutos*, uudistu*, uudistus*, organisaatiomuuto*, muutosjohtami*, uudelleenjärjest*, fuusio*, yhdistymi*',
    sv: 'förändring*, omorganisation*, omorganiser*, förändringsledning*, reform*, sammanslagning*, omställning*',
    en: 'change, changes, reorganisation, reorganization, restructuring, reorg, transformation, change management, merger, transition',
  },
  27: {
    fi: 'maine*, työnantajakuv*, työnantajamaine*, suosittel*, imago*, brändi*, ylpe*, houkuttelev*, rekrytoin*',
    sv: 'rykte*, arbetsgivarvarumärke*, varumärke*, rekommender*, image*, stolt*, attraktiv*, rekrytering*',
    en: 'reputation, employer brand, brand, recommend, image, proud, pride, attractive employer, recruiting, recruitment',
  },
  28: {
    fi: 'turvallisuu*, työturvallisuu*, tapaturm*, onnettomuu*, läheltä piti*, suojain*, suojava*, vaarallinen*, vaara*, riski*',
    sv: 'säkerhet*, arbetssäkerhet*, olycka*, olyckor*, tillbud*, skyddsutrustning*, farlig*, fara*, risk*, skydd*',
    en: 'safety, safe, unsafe, accident, accidents, injury, injuries, near miss, protective equipment, hazard, hazards, dangerous, risk, risks',
  },
  29: {
    fi: 'psykologinen turvallisuu*, uskalta*, pelko*, pelä*, kiusaami*, kiusa*, häirintä*, häiri*, epäasiallinen*, mokata, virheitä saa tehdä',
    sv: 'psykologisk trygghet*, våga*, vågar*, rädsla*, rädd*, mobbning*, trakasser*, kränk*, misstag*',
    en: 'psychological safety, dare, afraid, fear, speak up, bullying, bullied, harassment, harassed, mistakes, blame, inappropriate behaviour',
  },
  30: {
    fi: 'strategi*, suunta*, suunni*, visio*, tulevaisuu*, tavoitetila*, pitkän aikavälin',
    sv: 'strategi*, riktning*, vision*, framtid*, långsiktig*, inriktning*',
    en: 'strategy, strategic, direction, vision, future, long-term, roadmap, where we are heading',
  },
  31: {
    fi: 'monimuotoisuu*, moninaisuu*, osallisuu*, yhdenvertaisuu*, syrjäytyminen, kieli*, kansalaisuu*, ikärasismi*, sukupuol*, vähemmistö*, inkluusio*, saavutettavuu*',
    sv: 'mångfald*, inkludering*, inkluder*, likabehandling*, språk*, nationalitet*, ålder*, kön*, minoritet*, tillgänglighet*',
    en: 'diversity, diverse, inclusion, inclusive, included, excluded, language, nationality, age, gender, minority, minorities, accessibility, belonging',
  },
};
