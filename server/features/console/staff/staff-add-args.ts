import { parseCommandFlags } from '../../../cli/command-flags.ts';
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
  const flags = parseCommandFlags(argv, {
    options: {
      practice: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
    },
    usage: STAFF_ADD_USAGE,
    required: ['practice', 'email', 'role'],
    isTrimmed: true,
  });
  if (!flags.ok) return flags;
  const { values } = flags;
  const role = values.role!;
  if (!(STAFF_ROLES as readonly string[]).includes(role))
    return { ok: false, message: `Unknown role "${role}": use owner, front_desk or operator.` };
  return {
    ok: true,
    args: { formUrl: values.practice!, email: values.email!, role: role as StaffRole, name: values.name || null },
  };
}
