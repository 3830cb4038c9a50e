import { describe, expect, it } from 'vitest';
import { renderNewsletter } from './newsletter';
import { defaultNewsletterContent } from './newsletter-copy';

const APP_URL = 'https://mirror.test';
const image = async (gif: { url: string; width: number; height: number | null }) => {
  const { html } = await renderNewsletter(
    {
      kind: 'newsletter',
      locale: 'en',
      content: defaultNewsletterContent('newsletter', 'en', APP_URL),
      gif,
      appUrl: APP_URL,
    },
    { unsubscribeUrl: `${APP_URL}/byebye?token=t&lang=en` },
  );
  return html.match(/<img[^>]*>/g) ?? [];
};

describe('the GIF in a newsletter', () => {
  it('has its natural size, and the proportional one when wider than 600 px', async () => {
    const [small] = await image({
      url: `${APP_URL}/media/gifs/newsletter-gif/a.gif`,
      width: 180,
      height: 120,
    });
    expect(small).toMatch(/ height="120"/);
    expect(small).toMatch(/ width="180"/);
    expect(small).toContain('max-width:180px');
    const [wide] = await image({
      url: `${APP_URL}/media/gifs/newsletter-gif/b.gif`,
      width: 1500,
      height: 500,
    });
    expect(wide).toMatch(/ width="600"/);
    expect(wide).toMatch(/ height="200"/);
  });

  it('is 600 px wide with its height left to the client for a campaign from before sizes were kept', async () => {
    const [legacy] = await image({
      url: `${APP_URL}/media/gifs/newsletter-gif/c.gif`,
      width: 600,
      height: null,
    });
    expect(legacy).toMatch(/ width="600"/);
    expect(legacy).not.toMatch(/ height="/);
    expect(legacy).toContain('height:auto');
  });
});
