// No zod here: the web's first load (the sign-in page) reads these without the schemas.

/** Messages shared by both sides. */
export const MESSAGES = {
  notLoggedIn: 'Not logged in',
  forbidden: 'You do not have permission to do that',
  notFound: 'Not found',
  invalidInput: 'Please check the highlighted fields',
  invalidCredentials: 'Invalid email or password',
  internal: 'Internal Error',
  tooManyRequests: 'Too many requests, please try again later',
  csrf: 'Your session has expired, please reload the page',
  bodyNotObject: 'The request body must be a JSON object, a form or multipart fields',
  badCharacters: 'Contains characters that are not allowed',
} as const;
