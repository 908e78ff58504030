import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const STARTER = join(import.meta.dirname, 'src/shared/ui/icons/startIcons.ts');
const LIGHT = join(import.meta.dirname, 'src/shared/ui/icons/lightSvgIcon.tsx');
const PREFIX = '\0bd-light-icon:';
const MUI_CREATE = /import createSvgIcon from "\.\/utils\/createSvgIcon\.js";/;

/**
 * The icons the signed-in start shows, as light copies (issue 10): an `@mui/icons-material/X` import made by
 * src/shared/ui/icons/startIcons.ts loads that icon's own file with MUI's `createSvgIcon` swapped for
 * lightSvgIcon.tsx's, so the path data stays MUI's and the start loads neither MUI nor emotion. Every other import
 * of the same icon is MUI's, untouched. Tests and the dev server run without it and get MUI's icons, which take the
 * same props.
 */
export const lightIcons = (): Plugin => {
  const files = new Map<string, string>();
  return {
    name: 'bizdesk-light-icons',
    // The dev server pre-bundles MUI's icons (one file with createSvgIcon inside): it serves MUI's, which look the same.
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || importer.split('?')[0] !== STARTER || !source.startsWith('@mui/icons-material/')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved) return null;
      const name = source.slice('@mui/icons-material/'.length);
      files.set(name, resolved.id);
      return `${PREFIX}${name}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = files.get(id.slice(PREFIX.length));
      if (!file) throw new Error(`light-icons: ${id} was not resolved`);
      const code = readFileSync(file, 'utf8');
      if (!MUI_CREATE.test(code)) throw new Error(`light-icons: ${file} no longer imports createSvgIcon as expected`);
      return code.replace(MUI_CREATE, `import createSvgIcon from ${JSON.stringify(LIGHT)};`);
    },
  };
};
