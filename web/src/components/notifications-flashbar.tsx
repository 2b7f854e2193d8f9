import Flashbar from '@cloudscape-design/components/flashbar';
import { dismiss, useNotifications } from '../app/notifications-store';
import { notificationsMessages } from '../../../shared/messages/controls';

/** Renders the global notifications (errors of the error rule, success messages). */
export function NotificationsFlashbar() {
  const notifications = useNotifications();
  return (
    <Flashbar
      stackItems={notifications.length > 2}
      i18nStrings={{
        ariaLabel: notificationsMessages.label,
        notificationBarText: notificationsMessages.label,
        notificationBarAriaLabel: notificationsMessages.showAll,
        errorIconAriaLabel: notificationsMessages.error,
        warningIconAriaLabel: notificationsMessages.warning,
        successIconAriaLabel: notificationsMessages.success,
        infoIconAriaLabel: notificationsMessages.info,
        inProgressIconAriaLabel: notificationsMessages.inProgress,
      }}
      items={notifications.map((item) => ({
        id: item.id,
        type: item.type,
        header: item.header,
        content: item.content,
        dismissible: true,
        dismissLabel: notificationsMessages.dismiss,
        onDismiss: () => dismiss(item.id),
      }))}
    />
  );
}
