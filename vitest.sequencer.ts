import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that start processes, restore backups or fuzz the whole API: each takes a minute or
 * two on a busy machine. Started first, so that none of them is left running alone at the end of the run
 * while the other workers have nothing more to do (decision 063).
 */
const LONG_FILE = /startServerProcess|spawn\(process\.execPath|FUZZ_RUNS|restoreBackup|copyIntoDatabase/;

/** Vitest's order (projects, then failed and longer files first when a run is cached), long files first. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = new Set(sorted.filter((file) => LONG_FILE.test(fs.readFileSync(file.moduleId, 'utf8'))));
    const byProject = (file: TestSpecification) =>
      sorted.findIndex((other) => other.project === file.project);
    return [...sorted].sort(
      (a, b) => byProject(a) - byProject(b) || Number(long.has(b)) - Number(long.has(a)),
    );
  }
}
