/**
 * The system-administrator role (000 §3 `isadministrator`, §6; 001 §2 administration group):
 * granted and revoked on the command line (`cli.ts set-admin --phone … [--off]`); the demo account
 * of the embedded default is one (app.ts). Every administration call checks the role on the server
 * (e.g. orders.service `adminList`, 403 otherwise).
 */
import { eq } from 'drizzle-orm';
import { normalizePhone } from '@bimdrive/contracts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Grant (`on`) or revoke the role of the account with this phone; answers whether it exists. */
export async function setSystemAdministrator(db: Db, phone: string, on: boolean): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ isAdministrator: on })
    .where(eq(users.phone, normalizePhone(phone)))
    .returning({ id: users.id });
  return changed.length > 0;
}
