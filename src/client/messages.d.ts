// The translation chunks vite.config.ts builds from en.json and de.json (lib/message-tiers.ts).
declare module '@shared/i18n/*.public.json' {
  const messages: Record<string, string>;
  // biome-ignore lint/style/noDefaultExport: a JSON module's default export is its content
  export default messages;
}
declare module '@shared/i18n/*.rest.json' {
  const messages: Record<string, string>;
  // biome-ignore lint/style/noDefaultExport: a JSON module's default export is its content
  export default messages;
}
