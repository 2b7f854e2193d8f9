/**
 * Cloudscape's global styles (normalize, Open Sans faces, design tokens), imported for its effect
 * by the layouts and pages built with Cloudscape only: the buyer's booking page does without them
 * and so never downloads them.
 */
import '@cloudscape-design/global-styles/index.css';
