/**
 * A request the API cannot act on (a bad query or body; an upload that is not one sheet within the
 * limit, or cannot be read): answered with its status and message by the server's error handler,
 * as every 4xx error is (server.ts).
 */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
