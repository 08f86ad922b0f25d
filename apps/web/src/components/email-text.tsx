import { Fragment } from 'react';

/**
 * Where an email address may wrap: after its "@" and before each "." (docs/decisions/059-screen-edges.md), so a
 * narrow cell never splits a word of it.
 */
export function emailParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}

/** An email address in an admin list or card: it wraps only at its "@" and dots, never inside a word. */
export function EmailText({ email, className }: { email: string; className?: string }) {
  return (
    <span className={className ? `email-text ${className}` : 'email-text'}>
      {emailParts(email).map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed address, in their order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
