import { ALL, type CategoryChoice, isCategory } from '@shared/domain/bubbles';

/**
 * `?category=` of /testhome: one of the ten, else All. The test home opens on All (its 100-bubble sample,
 * spec §9), unlike /profile and /app, which open on Trust.
 */
export function testHomeChoice(value: string | null): CategoryChoice {
  return isCategory(value) ? value : ALL;
}
