import type { MessageTable } from '../i18n-store';

export const sharedEnUS: MessageTable = {
  'request.error.network': 'Network error: check your connection and try again',
  'request.error.timeout': 'The request timed out, please try again later',
  'request.error.status': 'Request failed with status code {status}',
  'request.error.unknown': 'The request failed, please try again later',
  'request.error.title': 'Request error',
  'request.timeout.title': 'Login timeout',
  'request.timeout.content': 'Go to the login page?',
  'request.timeout.ok': 'Go to login',
  'request.timeout.cancel': 'Cancel',
  // The messages of the spec's list (section 8), for every app to use.
  'message.login.failed': 'Login failed, please try again!',
  'message.captcha.error': 'Verification Code Error.',
  'message.captcha.failed': 'Failed to obtain verification code, please try again!',
  'message.upload.selectFile': 'Upload: Please select a file.',
  'message.offline': 'You are offline now',
  'list.search.placeholder': 'Search keyword',
  'list.total': '{total} items in total',
  'list.reload': 'Reload',
  'list.empty': 'No data',
  'permission.denied': 'Sorry, you are not allowed to see this.',
  'standalone.title': 'Standalone: {name}',
  'standalone.signIn': 'Sign in',
  'standalone.username': 'Username',
  'standalone.password': 'Password',
  'standalone.username.required': 'Please enter your username!',
  'standalone.password.required': 'Please enter your password!',
  'standalone.signOut': 'Sign out',
  'standalone.loading': 'Loading…',
  // Private images (issue 10: uploads): shown by AuthImage from @uc/shared/ui.
  'image.unavailable': 'The image could not be loaded',
};
