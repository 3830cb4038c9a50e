import { SEO_META_KEYS, type SeoData, type SeoMetaTag, seoMetaTags } from '@shared/domain/seo';

/**
 * Keeps the document's <head> in step with a page's SeoData after client-side navigation. Elements are
 * updated in place and only when they differ, so the head the server rendered for the first page stays as
 * it is (no duplicates, no churn); elements the new page does not have are removed.
 */
export function applySeo(seo: SeoData): void {
  if (document.title !== seo.title) document.title = seo.title;
  if (document.documentElement.lang !== seo.lang) document.documentElement.lang = seo.lang;
  syncMeta(seoMetaTags(seo));
  syncLinks('link[rel="canonical"]', seo.canonical ? [{ rel: 'canonical', href: seo.canonical }] : []);
  syncLinks(
    'link[rel="alternate"][hreflang]',
    seo.alternates.map((alternate) => ({
      rel: 'alternate',
      hreflang: alternate.hreflang,
      href: alternate.href,
    })),
  );
  syncJsonLd(seo.jsonLd);
}

/**
 * Matches existing elements to wanted ones in order: updates the pairs, removes the rest of the existing,
 * appends what is missing.
 */
function reconcile<T>(
  existing: Element[],
  wanted: T[],
  create: () => Element,
  update: (el: Element, item: T) => void,
) {
  wanted.forEach((item, index) => {
    let el = existing[index];
    if (!el) {
      el = create();
      document.head.append(el);
    }
    update(el, item);
  });
  for (const extra of existing.slice(wanted.length)) extra.remove();
}

function setAttr(el: Element, name: string, value: string) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function syncMeta(tags: SeoMetaTag[]) {
  const managed = new Set<string>(SEO_META_KEYS);
  const existingByKey = new Map<string, Element[]>();
  for (const el of document.head.querySelectorAll('meta[name], meta[property]')) {
    const key = el.getAttribute('property') ?? el.getAttribute('name') ?? '';
    if (!managed.has(key)) continue;
    existingByKey.set(key, [...(existingByKey.get(key) ?? []), el]);
  }
  for (const key of managed) {
    const wanted = tags.filter((tag) => tag.key === key);
    reconcile(
      existingByKey.get(key) ?? [],
      wanted,
      () => document.createElement('meta'),
      (el, tag) => {
        setAttr(el, tag.attribute, tag.key);
        setAttr(el, 'content', tag.content);
      },
    );
  }
}

function syncLinks(selector: string, links: Record<string, string>[]) {
  reconcile(
    [...document.head.querySelectorAll(selector)],
    links,
    () => document.createElement('link'),
    (el, attributes) => {
      for (const [name, value] of Object.entries(attributes)) setAttr(el, name, value);
    },
  );
}

/** The JSON of a block, normalised: the server escapes `<` as \u003c, the DOM holds it as it is. */
function normalisedJson(text: string | null): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text ?? ''));
  } catch {
    return undefined;
  }
}

function syncJsonLd(blocks: Record<string, unknown>[]) {
  reconcile(
    [...document.head.querySelectorAll('script[type="application/ld+json"]')],
    blocks,
    () => {
      // A data block: browsers never run it, so the CSP (script-src 'self') does not apply.
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      return script;
    },
    (el, block) => {
      const json = JSON.stringify(block);
      if (normalisedJson(el.textContent) !== json) el.textContent = json;
    },
  );
}
