import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where figures files live: `<workspace folder>/<package>/figures/*.json`. */
const workspaceFolders = ['apps', 'packages', 'tests'] as const;

/** Every figures file of the repository at `root`, repository-relative, sorted. */
export function figuresFiles(root: string): string[] {
  const files: string[] = [];
  for (const workspace of workspaceFolders) {
    if (!existsSync(join(root, workspace))) continue;
    for (const name of readdirSync(join(root, workspace))) {
      const folder = join(workspace, name, 'figures');
      if (!existsSync(join(root, folder))) continue;
      for (const file of readdirSync(join(root, folder))) {
        if (file.endsWith('.json')) files.push(join(folder, file));
      }
    }
  }
  return files.sort();
}
