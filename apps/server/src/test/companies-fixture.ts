/**
 * Companies for integration tests, made through the API as a person would (spec 000 §4 join
 * application states, §5 join rules, §7 CreateCorp / ApplyJoinCorp / applicants): real unified social
 * credit codes, a company created by its first administrator, and a company with members who joined
 * by application and were approved. For company rows written straight into the database see
 * seeded-spaces.ts.
 */
import { Api } from '@bimdrive/contracts';
import { call, joinCompany, type Reachable, type TestUser } from './harness.ts';

/** A real unified social credit code (check character valid per GB 32100-2015). */
export const CODE_X = '91350100M000100Y43';
/** A second real unified social credit code, for another company of the same test. */
export const CODE_Y = '91440300708461136T';

const CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * A valid unified social credit code ending in `tail` (at most 8 characters of CHARS, padded with
 * zeros), with the GB 32100-2015 check character: for tests that need many distinct companies.
 */
export function creditCode(tail: string): string {
  const body = `91350100M${tail.padStart(8, '0')}`.slice(0, 17);
  const sum = [...body].reduce((s, ch, i) => s + CHARS.indexOf(ch) * WEIGHTS[i]!, 0);
  return body + CHARS[(31 - (sum % 31)) % 31];
}

/**
 * `admin` creates the company `name` with the credit code `code` and becomes its administrator
 * (000 §7 CreateCorp). @returns the company id. @throws when the server refuses (message included).
 */
export async function createCompany(
  t: Reachable,
  admin: TestUser,
  name: string,
  code: string,
): Promise<string> {
  const r = await call<{ corpId: string }>(t, 'POST', Api.companyCreate, {
    token: admin.token,
    body: { name, code },
  });
  if (r.body.code !== 1) throw new Error(`create company ${name}: ${r.body.msg}`);
  return r.body.data.corpId;
}

/**
 * `admin` creates the company `name` (see createCompany), then each of `members`, in order, applies
 * and is approved by `admin` (harness joinCompany). @returns the company id. @throws when a step is
 * refused.
 */
export async function companyWithMembers(
  t: Reachable,
  admin: TestUser,
  name: string,
  code: string,
  members: TestUser[],
): Promise<string> {
  const corpId = await createCompany(t, admin, name, code);
  for (const u of members) await joinCompany(t, u, admin, name, code);
  return corpId;
}
