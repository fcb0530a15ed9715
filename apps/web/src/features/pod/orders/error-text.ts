/** The message of a failure for people: the error's message (the API's, see ApiAnswerError), else its text. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
