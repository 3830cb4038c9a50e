import { FALLBACK_TOPICS, INTRO_TOPICS, LANES } from './journal';
import { ALL_PROFILE_LABELS } from './profile-analysis';

/** Every topic a day can have, so every one has prompts (the intro days, lanes, profile labels, fallbacks). */
export const PROMPT_TOPICS: readonly string[] = [
  ...new Set([
    ...INTRO_TOPICS,
    ...Object.values(LANES).map((lane) => lane.topic),
    ...ALL_PROFILE_LABELS,
    ...FALLBACK_TOPICS,
  ]),
];
