import Flashbar from '@cloudscape-design/components/flashbar';
import { dismiss, useNotifications } from '../app/notifications-store';

/** Renders the global notifications (errors of the error rule, success messages). */
export function NotificationsFlashbar() {
  const notifications = useNotifications();
  return (
    <Flashbar
      stackItems={notifications.length > 2}
      i18nStrings={{
        ariaLabel: 'Notifications',
        notificationBarText: 'Notifications',
        notificationBarAriaLabel: 'Afficher toutes les notifications',
        errorIconAriaLabel: 'Erreur',
        warningIconAriaLabel: 'Avertissement',
        successIconAriaLabel: 'Succès',
        infoIconAriaLabel: 'Information',
        inProgressIconAriaLabel: 'En cours',
      }}
      items={notifications.map((item) => ({
        id: item.id,
        type: item.type,
        header: item.header,
        content: item.content,
        dismissible: true,
        dismissLabel: 'Fermer',
        onDismiss: () => dismiss(item.id),
      }))}
    />
  );
}
