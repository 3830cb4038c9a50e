import type { Bubble } from './bubbles';

let counter = 0;

/** A person's own bubble for tests: a Trust moment about a partner named Robin, importance 5, unless told. */
export function testBubble(part: Partial<Bubble> = {}): Bubble {
  counter += 1;
  return {
    id: `test-bubble-${counter}`,
    category: 'Trust',
    whoTrusted: ['partner'],
    name: 'Robin',
    when: 'today',
    importance: 5,
    createdAt: `2026-03-0${(counter % 9) + 1}T10:00:00.000Z`,
    ...part,
  };
}
