/** Where secrets come from: Secrets Manager in AWS, a file under .data (or the environment) locally. */
export interface SecretProvider {
  signingKey(): Promise<Uint8Array>;
  /**
   * The salted scrypt hash (`scrypt$N$r$p$salt$hash`) of the password that unlocks an invoicing
   * entity's credits (part 3 §4), or null when none is configured (then no password
   * unlocks them). Only its hash is configured; the password is never shipped to the browser.
   */
  creditsPasswordHash(): Promise<string | null>;
}
