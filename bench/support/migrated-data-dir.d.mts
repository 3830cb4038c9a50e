/** Gives `dataDir` a migrated embedded database (`dataDir/db`), unless it has one already. Returns `dataDir`. */
export function withMigratedDatabase(dataDir: string): Promise<string>;
