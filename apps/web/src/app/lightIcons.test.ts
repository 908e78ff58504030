import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lightIcons } from '../../light-icons.ts';

const STARTER = join(import.meta.dirname, '../shared/ui/icons/startIcons.ts');
const OTHER = join(import.meta.dirname, '../features/employees/pages/EmployeesPage.tsx');
const GROUP = join(import.meta.dirname, '../../../../node_modules/@mui/icons-material/esm/Group.js');

type THooks = {
  resolveId: (this: unknown, source: string, importer?: string) => Promise<string | null>;
  load: (this: unknown, id: string) => string | null;
};

const plugin = () => {
  const hooks = lightIcons() as unknown as THooks;
  // The build's own resolution of `@mui/icons-material/Group`, as Vite gives it to the plugin.
  const context = { resolve: async (source: string) => (source === '@mui/icons-material/Group' ? { id: GROUP } : null) };
  return { resolveId: (source: string, importer?: string) => hooks.resolveId.call(context, source, importer), load: (id: string) => hooks.load.call(context, id) };
};

describe('the build’s light icons (apps/web/light-icons.ts)', () => {
  it('gives startIcons.ts the icon’s own file with the light createSvgIcon in place of MUI’s', async () => {
    const { resolveId, load } = plugin();
    const id = await resolveId('@mui/icons-material/Group', STARTER);
    expect(id).toMatch(/Group$/);
    const code = load(id!)!;
    expect(code).toContain('lightSvgIcon.tsx');
    expect(code).not.toContain('./utils/createSvgIcon.js');
    // The path data and the icon's name are MUI's own.
    expect(code).toContain('M16 11c1.66 0 2.99-1.34 2.99-3');
    expect(code).toContain("'Group'");
  });

  it('leaves every other import of an icon to MUI', async () => {
    const { resolveId, load } = plugin();
    expect(await resolveId('@mui/icons-material/Group', OTHER)).toBeNull();
    expect(await resolveId('@mui/material/Box', STARTER)).toBeNull();
    expect(load(GROUP)).toBeNull();
  });
});
