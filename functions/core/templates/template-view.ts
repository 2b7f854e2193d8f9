import type { MessageTemplateView } from '../../../shared/domain/message-template';
import type { TemplateRecord } from '../../data/templates-repository';

/** A template as the API answers it: without its version, with whether the caller owns it. */
export function toTemplateView(template: TemplateRecord, userId: string): MessageTemplateView {
  const { version: _version, ...view } = template;
  return { ...view, isOwner: template.owner === userId };
}
