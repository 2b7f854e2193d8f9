import { jwtVerify, SignJWT } from 'jose';
import { exportMessages } from '../../../shared/messages/exports';
import { formatPrintSpec, parsePrintSpec, type PrintSpec } from '../../../shared/exports/print-spec';
import { ForbiddenError } from '../errors';

/**
 * The renderer opens the print page with this token, never a staff session (part 2 §2.9): it
 * names the plannings and the layout, for a few minutes, and nothing else. Its audience differs
 * from session tokens', so neither can stand in for the other.
 */
const audience = 'livrea-print';
const issuer = 'livrea';
const printTokenSeconds = 300;

export async function signPrintToken(key: Uint8Array, spec: PrintSpec, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ spec: formatPrintSpec(spec) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + printTokenSeconds)
    .sign(key);
}

/** The spec a print token grants; an expired, tampered or session token is refused (403). */
export async function verifyPrintToken(key: Uint8Array, token: string, now: Date): Promise<PrintSpec> {
  try {
    const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'], currentDate: now });
    const spec = typeof payload.spec === 'string' ? parsePrintSpec(payload.spec) : null;
    if (!spec) throw new Error('no spec');
    return spec;
  } catch (error) {
    throw new ForbiddenError(exportMessages.printLinkInvalid, { cause: error });
  }
}
