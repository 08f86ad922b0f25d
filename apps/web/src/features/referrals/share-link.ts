/** The registration link that carries a referral code: /register?ref=<code>. */
export function shareLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/register?ref=${encodeURIComponent(code)}`;
}

/** Copies text; answers whether the browser allowed it. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
