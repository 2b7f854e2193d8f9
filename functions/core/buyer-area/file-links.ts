import { errors, jwtVerify, SignJWT } from 'jose';
import type { Deps } from '../../runtime/deps';

/** Download links live 10 minutes: long enough to click, short enough that a copied link soon dies. */
const fileLinkLifetimeSeconds = 10 * 60;
const audience = 'livrea-file';

/** `/api/file/{id}?token=…`: a link that downloads one file without the bearer token, until it expires. */
export async function signedFileUrl(deps: Deps, fileId: string): Promise<string> {
  const now = Math.floor(deps.now().getTime() / 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(fileId)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + fileLinkLifetimeSeconds)
    .sign(await deps.secrets.signingKey());
  return `/api/file/${fileId}?token=${token}`;
}

/** Whether `token` is a live link to exactly this file (another file's link, expired or tampered: no). */
export async function isFileLinkValid(deps: Deps, fileId: string, token: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, await deps.secrets.signingKey(), { audience, algorithms: ['HS256'], currentDate: deps.now() });
    return payload.sub === fileId;
  } catch (error) {
    if (error instanceof errors.JOSEError) return false;
    throw error;
  }
}
