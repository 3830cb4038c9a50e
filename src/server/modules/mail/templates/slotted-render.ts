/**
 * Rendering React Email costs milliseconds; most of an e-mail is the same for every recipient. A slotted
 * renderer renders once per distinct fixed input with placeholder URLs in the per-recipient slots, keeps the
 * result, and fills the slots in with string replacement (escaped for the HTML part). Pass slot values
 * already normalised (`absoluteUrl`), as the template itself would normalise them.
 */
export type RenderedParts = { html: string; text: string };

const MAX_CACHED = 64;

/** An absolute URL that URL normalisation leaves as it is (a bare origin would gain a slash). */
function placeholder(slot: string): string {
  return `https://slot.invalid/${slot.toLowerCase()}`;
}

/** A value as it stands in a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

export function slottedRenderer<Fixed, Slot extends string>(options: {
  slots: readonly Slot[];
  key: (fixed: Fixed) => string;
  render: (fixed: Fixed, slots: Record<Slot, string>) => Promise<RenderedParts>;
}) {
  const cache = new Map<string, Promise<RenderedParts>>();
  const placeholders = Object.fromEntries(options.slots.map((slot) => [slot, placeholder(slot)])) as Record<
    Slot,
    string
  >;

  return async (fixed: Fixed, values: Record<Slot, string>): Promise<RenderedParts> => {
    const key = options.key(fixed);
    let template = cache.get(key);
    if (!template) {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
      template = options.render(fixed, placeholders);
      cache.set(key, template);
      template.catch(() => cache.delete(key));
    }
    let { html, text } = await template;
    for (const slot of options.slots) {
      html = html.replaceAll(placeholders[slot], escapeAttribute(values[slot]));
      text = text.replaceAll(placeholders[slot], values[slot]);
    }
    return { html, text };
  };
}
