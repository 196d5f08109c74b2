import type { ErrorCode, FieldErrors } from '#domain/api/envelope-schemas.ts';

/** The one error type services throw; the error handler renders it as the error envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }

  static badRequest(message: string, fields?: FieldErrors) {
    return new AppError(400, 'BAD_REQUEST', message, fields);
  }
  static notFound(message: string) {
    return new AppError(404, 'NOT_FOUND', message);
  }
  static validation(message: string, fields: FieldErrors) {
    return new AppError(422, 'VALIDATION_FAILED', message, fields);
  }
  static unavailable(message: string) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', message);
  }
}
