/**
 * A token counts as expired once its exp claim is in the past; a malformed token counts as not
 * expired (part 1 §4). The payload is decoded without verifying the signature: the server does that.
 */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = readExp(token);
  return exp !== undefined && exp * 1000 <= now;
}

function readExp(token: string): number | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload: unknown = JSON.parse(atob(base64));
    if (typeof payload === 'object' && payload !== null && 'exp' in payload && typeof payload.exp === 'number') {
      return payload.exp;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
