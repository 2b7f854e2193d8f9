import type { Deps } from './deps';

/**
 * The health answer: the runtime always; the Node version of the handlers only on the local
 * runtime (`npm start` is checked to run on 22, README « Node »). A public route on AWS does not
 * tell everyone which Node version, and so which known flaws, it runs.
 */
export function healthAnswer(runtime: Deps['config']['runtime'], node = process.version): { status: 'ok'; runtime: string; node?: string } {
  return runtime === 'local' ? { status: 'ok', runtime, node } : { status: 'ok', runtime };
}
