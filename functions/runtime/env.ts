/** Reads a required environment variable; a missing one is a deployment error, said at once. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
