import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '#domain/staff/staff-roles.ts';

export const STAFF_ADD_USAGE = `Usage: npm run staff:add -- --practice <form_url> --email <e-mail>
         --role owner|front_desk|operator [--name <name>]

  Adds a staff account to a practice and prints a one-time link that sets its password (valid 24 hours).
  Run it again with another --practice to add an operator to several practices.`;

export interface StaffAddArgs {
  formUrl: string;
  email: string;
  role: StaffRole;
  name: string | null;
}

/** `npm run staff:add` arguments; a problem comes back as the text to print (with the usage). */
export function parseStaffAddArgs(argv: string[]): { ok: true; args: StaffAddArgs } | { ok: false; message: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        practice: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n\n${STAFF_ADD_USAGE}` };
  }
  if (values.help) return { ok: false, message: STAFF_ADD_USAGE };
  const missing = (['practice', 'email', 'role'] as const).filter((name) => !values[name]?.trim());
  if (missing.length > 0)
    return { ok: false, message: `Missing ${missing.map((name) => `--${name}`).join(', ')}\n\n${STAFF_ADD_USAGE}` };
  const role = values.role!.trim();
  if (!(STAFF_ROLES as readonly string[]).includes(role))
    return { ok: false, message: `Unknown role "${role}": use owner, front_desk or operator.` };
  return {
    ok: true,
    args: {
      formUrl: values.practice!.trim(),
      email: values.email!.trim(),
      role: role as StaffRole,
      name: values.name?.trim() || null,
    },
  };
}
