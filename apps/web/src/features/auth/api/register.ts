/** `POST Api.register` — self-registration when the server enables it (000 §1 register option). */
import { Api, type LoginDataValue } from '@bimdrive/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Registration payload: a password, or an SMS code (then the account has no password yet), or both. */
export interface RegisterInput {
  phone: string;
  name: string;
  password?: string;
  code?: string;
}

/** Register and sign in. */
export function register(input: RegisterInput): Promise<LoginDataValue> {
  return api<LoginDataValue>({ method: 'POST', url: Api.register, data: input });
}

/** Mutation hook of the registration. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
