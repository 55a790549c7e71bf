// The account calls in the OpenAPI description (administration.md section 7 "Account").
import type { Operation } from '../../lib/openapi.js';
import * as schemas from './schemas.js';

export const accountOperations: Operation[] = [
  {
    method: 'post',
    path: '/account/login',
    summary: 'Signs in with email and password; answers a token or a two-factor session',
    access: 'public',
    body: schemas.loginBody,
    success: { status: 200, description: 'The token and role, or the two-factor session' },
  },
  {
    method: 'post',
    path: '/account/2fa-login',
    summary: 'Completes a two-factor sign-in with the emailed code (bearer: the two-factor token)',
    access: 'public',
    body: schemas.twoFactorBody,
    success: { status: 200, description: 'The token and role' },
  },
  {
    method: 'post',
    path: '/account/authorize',
    summary: 'The signed-in account: user data, role, companies and units',
    access: 'signedIn',
    success: { status: 200, description: 'The account' },
  },
  {
    method: 'post',
    path: '/account/refresh',
    summary: 'A new token for the signed-in account',
    access: 'signedIn',
    success: { status: 200, description: 'The new token and its expiry' },
  },
  {
    method: 'post',
    path: '/account/confirmemail',
    summary: 'Checks an account confirmation link before the user chooses a password',
    access: 'public',
    body: schemas.checkConfirmationBody,
    success: { status: 204, description: 'The link is valid', content: 'none' },
  },
  {
    method: 'post',
    path: '/account/confirm',
    summary: 'Confirms an invited account with the emailed code and a new password, and signs in',
    access: 'public',
    body: schemas.confirmBody,
    success: { status: 200, description: 'The token and role' },
  },
  {
    method: 'post',
    path: '/account/reset',
    summary: 'Emails a password reset link (answers the same whether or not the email is known)',
    access: 'public',
    body: schemas.resetBody,
    success: { status: 204, description: 'Sent when the account exists', content: 'none' },
  },
  {
    method: 'post',
    path: '/account/reset/confirm',
    summary: 'Sets a new password with the emailed reset code',
    access: 'public',
    body: schemas.resetConfirmBody,
    success: { status: 204, description: 'The password was changed', content: 'none' },
  },
];
