import type { ApiGroup } from '../../functions/api-routes';
import type { LivreaFunctionProps } from '../constructs/livrea-function';

/** Where the renderer finds Chromium's compressed build in its bundle (read by functions/core/exports/render-pdf.ts). */
export const chromiumBinDirectory = 'chromium-bin';

/**
 * issue 14: the groups whose function departs from the defaults. The PDF renderer runs headless
 * Chromium (@sparticuz/chromium, unpacked into /tmp at cold start) and prints up to 600 lots: 2 GB
 * (Chromium alone takes ~1 GB, and Lambda gives CPU in proportion to memory), and Chromium's
 * binaries copied beside the bundle since esbuild cannot inline them. Its timeout stays the API
 * one (29 s): the PDF is answered through API Gateway, and a warm 600-lot print takes about 3 s.
 */
export const functionOverrides: Partial<Record<ApiGroup, Pick<LivreaFunctionProps, 'memorySize' | 'bundleDirectories' | 'environment'>>> = {
  'pdf-renderer': {
    memorySize: 2048,
    bundleDirectories: [{ from: 'node_modules/@sparticuz/chromium/bin', to: chromiumBinDirectory }],
    environment: { CHROMIUM_BIN_DIR: `/var/task/${chromiumBinDirectory}` },
  },
};
