/** Where the token signing key comes from: Secrets Manager in AWS, a file under .data locally. */
export interface SecretProvider {
  signingKey(): Promise<Uint8Array>;
}
