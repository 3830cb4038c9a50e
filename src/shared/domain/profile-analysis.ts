import type { ProfileLists } from './journal';

/**
 * Onboarding (spec §4, §9): six questions, the first asks for the first name. The answers to the others are
 * read for keywords (English and German, case-insensitive) into three lists of at most three labels.
 */
export const ONBOARDING_QUESTIONS = 6;
export const MAX_ANSWER_LENGTH = 2000;
export const MAX_LABELS = 3;

/** Which answers speak to which list (question numbers are 1-based; question 1 is the first name). */
const SOURCES: Record<keyof ProfileLists, number[]> = {
  what_matters: [2, 3],
  where_safe: [4, 5],
  edges: [6],
};

/** Spec §9: the defaults when nothing matches. */
export const DEFAULT_LABELS: Record<keyof ProfileLists, string> = {
  what_matters: 'connection',
  where_safe: 'acceptance',
  edges: 'vulnerability & intimacy',
};

type Label = { label: string; keywords: string[] };

/** Word beginnings, so "trusted", "Vertrauen" and "vertraue" all match. Labels in spec order. */
export const LABEL_KEYWORDS: Record<keyof ProfileLists, Label[]> = {
  what_matters: [
    {
      label: 'trust',
      keywords: ['trust', 'honest', 'loyal', 'reliab', 'depend on', 'vertrau', 'ehrlich', 'loyal', 'verlass'],
    },
    {
      label: 'boundaries',
      keywords: ['boundar', 'space', 'respect', 'limit', 'grenze', 'freiraum', 'respekt', 'abstand'],
    },
    {
      label: 'communication',
      keywords: [
        'talk',
        'listen',
        'communicat',
        'understood',
        'conversation',
        'reden',
        'zuhör',
        'kommuni',
        'gespräch',
        'verstanden',
      ],
    },
    {
      label: 'intimacy',
      keywords: [
        'intima',
        'close',
        'affection',
        'touch',
        'tender',
        'nähe',
        'intim',
        'zärtlich',
        'berühr',
        'geborgen',
      ],
    },
    {
      label: 'self_worth',
      keywords: [
        'worth',
        'valued',
        'appreciat',
        'seen',
        'enough',
        'wert',
        'wertschätz',
        'gesehen',
        'anerkenn',
        'genug',
      ],
    },
  ],
  where_safe: [
    {
      label: 'acceptance',
      keywords: [
        'accept',
        'myself',
        'be me',
        'no judg',
        'without judg',
        'akzept',
        'ich selbst',
        'so sein',
        'ohne urteil',
        'angenommen',
      ],
    },
    {
      label: 'support',
      keywords: [
        'support',
        'help',
        'there for me',
        'care',
        'comfort',
        'unterstütz',
        'hilf',
        'für mich da',
        'kümmer',
        'trost',
        'halt',
      ],
    },
    { label: 'trust', keywords: ['trust', 'safe', 'secure', 'rely', 'vertrau', 'sicher', 'verlass'] },
    {
      label: 'communication',
      keywords: ['talk', 'open', 'honest', 'listen', 'reden', 'offen', 'ehrlich', 'zuhör', 'gespräch'],
    },
  ],
  edges: [
    {
      // Spec §9 writes this category "vulnerability/intimacy" and its default "vulnerability & intimacy";
      // one label for both, so a week's topic and its prompts do not depend on which path produced it.
      label: DEFAULT_LABELS.edges,
      keywords: [
        'vulnerab',
        'open up',
        'intima',
        'show my feelings',
        'close',
        'verletzlich',
        'öffnen',
        'gefühle zeigen',
        'nähe',
        'intim',
      ],
    },
    {
      label: 'trust/faith',
      keywords: ['trust', 'faith', 'believe', 'let go', 'vertrau', 'glaub', 'loslassen', 'zutrauen'],
    },
    {
      label: 'boundaries/saying_no',
      keywords: [
        'saying no',
        'say no',
        'boundar',
        'limit',
        'people pleas',
        'nein sagen',
        'nein zu sagen',
        'grenze',
        'abgrenz',
      ],
    },
    {
      label: 'self_worth/confidence',
      keywords: [
        'confiden',
        'worth',
        'believe in myself',
        'enough',
        'selbstvertrauen',
        'selbstbewusst',
        'selbstwert',
        'an mich glauben',
        'genug',
      ],
    },
    {
      label: 'communication/conflict',
      keywords: [
        'conflict',
        'argu',
        'fight',
        'disagree',
        'speak up',
        'konflikt',
        'streit',
        'meinung sagen',
        'widersprech',
        'ansprechen',
      ],
    },
  ],
};

function matchingLabels(list: keyof ProfileLists, text: string): string[] {
  const haystack = text.toLocaleLowerCase('de');
  const found = LABEL_KEYWORDS[list]
    .filter(({ keywords }) => keywords.some((keyword) => haystack.includes(keyword)))
    .map(({ label }) => label);
  return found.length > 0 ? found.slice(0, MAX_LABELS) : [DEFAULT_LABELS[list]];
}

/** Spec §4: the first answer is the first name; the rest are analysed into the three lists. */
export function analyzeOnboarding(answers: readonly string[]): { firstName: string | null } & ProfileLists {
  const answerText = (questions: number[]) =>
    questions.map((question) => answers[question - 1] ?? '').join('\n');
  const firstName = answers[0]?.trim() || null;
  return {
    firstName: firstName ? firstName.slice(0, 80) : null,
    what_matters: matchingLabels('what_matters', answerText(SOURCES.what_matters)),
    where_safe: matchingLabels('where_safe', answerText(SOURCES.where_safe)),
    edges: matchingLabels('edges', answerText(SOURCES.edges)),
  };
}

/** Every label the analysis can produce, defaults included (the prompt library covers each). */
export const ALL_PROFILE_LABELS: string[] = [
  ...new Set([
    ...Object.values(LABEL_KEYWORDS).flatMap((labels) => labels.map(({ label }) => label)),
    ...Object.values(DEFAULT_LABELS),
  ]),
];
