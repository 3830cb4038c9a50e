/**
 * The JSON of a data block the server embedded in the page (`<script type="application/json" id=…>`), or
 * null when there is none, it is empty or it does not parse (and always on the server). Callers check its
 * shape.
 */
export function readEmbeddedJson(elementId: string): unknown {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(elementId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
