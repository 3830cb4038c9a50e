export function freshPostgresDatabase(
  baseUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }>;
