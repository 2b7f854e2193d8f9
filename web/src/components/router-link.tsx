import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useFollow } from './use-follow';

export interface RouterLinkProps extends Omit<LinkProps, 'href' | 'onFollow'> {
  href: string;
}

/** A Cloudscape Link that navigates with the router. */
export function RouterLink({ href, ...props }: RouterLinkProps) {
  const onFollow = useFollow();
  return <Link {...props} href={href} onFollow={onFollow} />;
}
