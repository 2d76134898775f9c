/** `POST Api.login` — phone sign-in (spec 000 §7 phoneLogin, §5 phone rule). */
import { Api, type LoginDataValue } from '@bimdrive/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Sign-in payload: the phone with its password or an SMS code (from `sendSmsCode('login', …)`). */
export interface LoginInput {
  phone: string;
  password?: string;
  code?: string;
}

/** Sign in; rejects with ApiError (already toasted) when refused. */
export function login(input: LoginInput): Promise<LoginDataValue> {
  return api<LoginDataValue>({ method: 'POST', url: Api.login, data: input });
}

/** Mutation hook of the sign-in. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
