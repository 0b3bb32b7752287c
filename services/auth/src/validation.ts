// Rules the auth service enforces itself (the gateway checks formats too, but a caller of the
// gRPC API must not be able to store what the REST API would refuse).
import {
  CREDENTIAL_MESSAGES,
  DepotError,
  fieldMessage,
  isEmail,
  isPermission,
  passwordProblem,
  USERNAME_PATTERN,
  type FieldErrors,
  type Reason,
} from '@depot/common';

/** Collects field violations and throws them together, one entry per failing field. */
export class Violations {
  private readonly fields: FieldErrors = {};

  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }

  /** Required, non-blank, at most 255 characters. */
  name(field: string, value: string | undefined): void {
    if (value === undefined || value.trim() === '') this.add(field, `The ${field} field is required.`);
    else if (value.length > 255) this.add(field, `The ${field} field must not be greater than 255 characters.`);
  }

  username(value: string | undefined): void {
    if (value === undefined || value === '') this.add('username', 'The username field is required.');
    else if (!USERNAME_PATTERN.test(value)) this.add('username', 'The username field format is invalid.');
  }

  /** An address to set; null (clearing it) is always fine. */
  email(value: string | null | undefined): void {
    if (value !== null && value !== undefined && !isEmail(value)) {
      this.add('email', fieldMessage(CREDENTIAL_MESSAGES.email, 'email'));
    }
  }

  password(value: string | undefined, field = 'password'): void {
    if (value === undefined) return;
    const problem = passwordProblem(value);
    if (problem) this.add(field, fieldMessage(problem, field));
  }

  permissions(values: string[]): void {
    if (!values.every(isPermission)) {
      this.add('permissions', 'The selected permissions is invalid.');
    }
  }

  modpacks(ids: number[]): void {
    if (ids.some((id) => !Number.isInteger(id) || id <= 0)) this.add('modpacks', 'The selected modpacks is invalid.');
  }

  throwIfAny(reason: Reason = 'VALIDATION'): void {
    if (Object.keys(this.fields).length) throw DepotError.fields(this.fields, reason);
  }
}

/** Deduplicated modpack ids in ascending order. */
export function normalizeIds(ids: number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; name?: string };
  return e?.code === '23503' || e?.name === 'ForeignKeyConstraintViolationException';
}
