/** A WHERE clause built piece by piece with positional parameters; values never enter the SQL text. */
export class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[] = []) {}

  /** Adds a parameter and returns its placeholder ($n). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  and(sqlPart: string): this {
    this.parts.push(sqlPart);
    return this;
  }

  toString(): string {
    return this.parts.length ? `where ${this.parts.map((p) => `(${p})`).join(' and ')}` : '';
  }
}

/** Escapes LIKE wildcards so that a user's % or _ matches itself. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A SQL identifier from the catalog (never from a request); quoted to keep reserved words safe. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a safe SQL identifier: ${name}`);
  return `"${name}"`;
}
