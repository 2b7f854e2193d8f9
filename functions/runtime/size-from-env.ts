/**
 * A page or batch size a test may lower through the environment (docs/architecture.md « Local
 * runtime », « Sizes the tests lower »): read once when the module loads, so a process started with
 * the variable — a local product a crash test spawns — crosses the same page and batch boundaries
 * with a tenth of the buyers. Anything but a positive integer keeps the product's size.
 */
export function sizeFromEnv(name: string, productSize: number, env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env[name]);
  return Number.isInteger(configured) && configured > 0 ? configured : productSize;
}
