import { defineGroup } from '../define.js';
import { authLogin } from './login.command.js';
import { authLogout } from './logout.command.js';
import { authStatus } from './status.command.js';
import { authToken } from './token.command.js';

export const auth = defineGroup(
  'auth',
  'sign in to the configured deployment (base_url): a personal access token or OAuth in the browser',
  [authLogin, authStatus, authLogout, authToken],
);
