import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { originHeader } from '../../functions/http/origin-guard';
import { PrivateBucket } from './private-bucket';
import { spaFallbackCode } from './spa-fallback';

export interface SpaSiteProps {
  /** Served under /api/* by the same distribution (same origin: no CORS, cookies work). */
  readonly api: HttpApi;
  /** The built SPA (web/dist). Deployed only when it exists, so synth works without a web build. */
  readonly distPath: string;
  /** Sent to the API in the origin header; the functions refuse requests without it. */
  readonly originSecret: string;
  /** Origins the SPA may call besides its own (the files bucket, for presigned uploads). */
  readonly extraConnectSources: readonly string[];
  /** Origins the SPA may show images from (the files bucket: buyer-area images come by signed links). */
  readonly extraImageSources?: readonly string[];
}

/**
 * The SPA's Content Security Policy, from what web/ loads: its own scripts (Vite emits no inline
 * script), its own stylesheets plus inline styles (FullCalendar 6 injects its CSS into a <style>
 * element at run time, which a nonce-less static policy can only allow with 'unsafe-inline'),
 * fonts inlined as data: URIs (Cloudscape's), images from data: URIs and blob: URLs (avatars are
 * fetched with the token and shown through object URLs) and from the files bucket (buyer-area
 * images: /api/file/{id} redirects to a presigned GET). Maps are links, not embedded tiles, and
 * the only frames are the 3D tours of the public visit page (part 1 §2, part 3 §2: the tour provider's show
 * pages), so nothing else may be loaded, framed or posted to.
 */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = [], extraImageSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...extraImageSources].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...extraConnectSources].join(' '),
    "object-src 'none'",
    'frame-src https://my.matterport.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/**
 * What CloudFront sends the API of each request: the managed AllViewerExceptHostHeader policy,
 * every viewer header but Host (execute-api answers only its own Host) and, as AWS documents for
 * this policy, every CloudFront header, among them CloudFront-Viewer-Address: the visitor's
 * address, which the functions read behind the origin secret (functions/http/client-address.ts),
 * since the gateway's sourceIp is then an edge server. A custom policy cannot do the same: an
 * allow list cannot name Authorization, and 'all viewer headers plus CloudFront ones' sends Host.
 */
export const apiOriginRequestPolicy = OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER;

/** The build's HTML pages: the staff SPA and the buyer's booking page (web/vite.config.ts). */
const htmlEntries = ['index.html', 'entrevue.html'];

/** The SPA bucket (reached only by CloudFront through origin access control) and the distribution. */
export class SpaSite extends Construct {
  readonly bucket: PrivateBucket;
  readonly distribution: Distribution;
  readonly headers: ResponseHeadersPolicy;
  /** https://<distribution domain> */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SpaSiteProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.bucket = new PrivateBucket(this, 'Bucket');

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Serve index.html for the SPA routes',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaFallbackCode),
    });

    const apiDomain = `${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    // Same headers on the SPA and the API. Referrer `same-origin`: a buyer's page URL holds their
    // capability id, and must not reach the map sites the page links to.
    this.headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Livrea: HSTS, CSP, nosniff, DENY framing, same-origin referrer',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.extraConnectSources, props.extraImageSources), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()', override: true }],
      },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Livrea',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headers,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY, customHeaders: { [originHeader]: props.originSecret } }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: apiOriginRequestPolicy,
          responseHeadersPolicy: this.headers,
        },
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}`;

    if (fs.existsSync(path.join(props.distPath, 'index.html'))) {
      this.deploy(props.distPath);
    }
  }

  /**
   * Hashed assets first (cached a year, old ones kept for pages still open), then the HTML entries
   * (always revalidated), whose cache is then invalidated.
   */
  private deploy(distPath: string): void {
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: RetentionDays.ONE_MONTH });
    const pages = htmlEntries.filter((page) => fs.existsSync(path.join(distPath, page)));

    const assets = new BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      // The build's brotli copies (*.br) are for the local server: CloudFront compresses by itself.
      sources: [Source.asset(distPath, { exclude: [...htmlEntries, '**/*.br'] })],
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
      memoryLimit: 512,
      logGroup,
    });

    const index = new BucketDeployment(this, 'DeployIndex', {
      destinationBucket: this.bucket,
      sources: pages.map((page) => Source.data(page, fs.readFileSync(path.join(distPath, page), 'utf8'))),
      cacheControl: [CacheControl.noCache()],
      contentType: 'text/html; charset=utf-8',
      prune: false,
      memoryLimit: 512,
      logGroup,
      distribution: this.distribution,
      distributionPaths: pages.map((page) => `/${page}`),
    });
    index.node.addDependency(assets);
  }
}
