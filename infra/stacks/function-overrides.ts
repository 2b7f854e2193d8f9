import type { ApiGroup } from '../../functions/api-routes';
import type { LivreaFunctionProps } from '../constructs/livrea-function';

/** Where the renderer finds Chromium's compressed build in its bundle (read by functions/core/exports/render-pdf.ts). */
export const chromiumBinDirectory = 'chromium-bin';

// issue 16: where the virtual-visits function finds geoip-lite's database in its bundle (read through GEODATADIR).
export const geoipDataDirectory = 'geoip-data';

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
  // issue 16: the view logs locate addresses offline with geoip-lite. esbuild bundles its code but
  // not the database files it reads at run time (about 150 MB, under Lambda's 250 MB unzipped
  // limit): they are copied beside the bundle, and GEODATADIR (an absolute path, which geoip-lite
  // takes as is) points there instead of the package's own `../data`.
  'virtual-visits': {
    bundleDirectories: [{ from: 'node_modules/geoip-lite/data', to: geoipDataDirectory }],
    environment: { GEODATADIR: `/var/task/${geoipDataDirectory}` },
  },
};
