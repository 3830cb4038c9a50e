export declare function buildServer(options?: { outdir?: string }): Promise<void>;
export declare function build(options?: { quiet?: boolean }): Promise<void>;
