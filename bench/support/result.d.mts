export const RESULT_PREFIX: string;
export type BenchResult = {
  bench: string;
  name: string;
  value: number;
  unit: string;
  baseline?: number | null;
  baselineName?: string;
  better: 'higher' | 'lower';
  goal?: string;
};
export function reportResult(result: BenchResult): void;
export function parseResultLine(line: string): BenchResult | undefined;
export function median(values: number[]): number;
