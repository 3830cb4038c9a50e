import type { TNewsletterDraft } from '@shared/schemas/newsletters';
import { describe, expect, it } from 'vitest';
import { requestDraftOpen, subscribeDraftOpenRequests, takeDraftOpenRequest } from './draft-open-requests';

const draft = (id: string): TNewsletterDraft => ({
  id,
  kind: 'newsletter',
  name: `Copy ${id}`,
  version: 1,
  content: {
    en: {
      subjectLine: '',
      heroTitle: '',
      introText: '',
      secondTextBlock: '',
      ctaText: '',
      ctaLink: '',
      footerText: '',
      gifAltText: '',
    },
    de: {
      subjectLine: '',
      heroTitle: '',
      introText: '',
      secondTextBlock: '',
      ctaText: '',
      ctaLink: '',
      footerText: '',
      gifAltText: '',
    },
  },
  createdAt: '2026-11-28T12:00:00.000Z',
  updatedAt: '2026-11-28T12:00:00.000Z',
  updatedBy: null,
});

describe('draft open requests', () => {
  it('wait for the composer, are taken once, and the latest wins', () => {
    requestDraftOpen(draft('a'));
    requestDraftOpen(draft('b'));
    expect(takeDraftOpenRequest()?.id).toBe('b');
    expect(takeDraftOpenRequest()).toBeNull();
  });

  it('tell listeners until they unsubscribe', () => {
    const heard: (string | undefined)[] = [];
    const stop = subscribeDraftOpenRequests(() => heard.push(takeDraftOpenRequest()?.id));
    requestDraftOpen(draft('c'));
    stop();
    requestDraftOpen(draft('d'));
    expect(heard).toEqual(['c']);
    expect(takeDraftOpenRequest()?.id).toBe('d');
  });
});
