import { splitByRanges, type TextRange } from '@shared/domain/text-search';

/** A text with its matched words marked (search results, a week opened from one). */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  if (ranges.length === 0) return <>{text}</>;
  let offset = 0;
  return (
    <>
      {splitByRanges(text, ranges).map((piece) => {
        const key = offset;
        offset += piece.text.length;
        return piece.match ? (
          <mark key={key} className="rounded-sm bg-accent-soft px-0.5 font-medium text-fg">
            {piece.text}
          </mark>
        ) : (
          <span key={key}>{piece.text}</span>
        );
      })}
    </>
  );
}
