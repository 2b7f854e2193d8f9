import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Planning } from '../../../../shared/domain/planning';
import { planningStateTag } from '../../../../shared/rules/planning-state-tag';
import { PlanningStateBadge } from '../../components/plannings/planning-state-badge';
import { PlanningExportButton } from '../../components/exports/planning-export-button';
import { phaseLabelOf, previewPath } from './planning-detail-config';
import { planningPageCommon, planningPageMessages } from '../../../../shared/messages/planning-detail';

export type HeaderAction = 'share-email' | 'share-sms' | 'share-link' | 'availability' | 'calendar' | 'simulation' | 'messages' | 'options' | 'shift';

export interface PlanningHeaderProps {
  planning: Planning;
  isAdmin: boolean;
  refreshing: boolean;
  onAction: (action: HeaderAction) => void;
  onRefresh: () => void;
}

/** Name, phase, uuid in a tooltip, and the page's buttons (part 2 §2.6). */
export function PlanningHeader({ planning, isAdmin, refreshing, onAction, onRefresh }: PlanningHeaderProps) {
  const imposed = planning.templateType === 'promoterImpose';
  return (
    <Header
      variant="h1"
      description={
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Badge color="blue">{planningPageMessages.visitsOf(phaseLabelOf(planning))}</Badge>
          <PlanningStateBadge state={planningStateTag(planning, new Date())} imposed={imposed} />
          <Popover
            triggerType="text"
            size="medium"
            header={planningPageMessages.idTitle}
            content={<Box variant="code">{planning.uuid}</Box>}
            dismissAriaLabel={planningPageCommon.close}
          >
            <Box variant="small" color="text-status-inactive">
              {planningPageMessages.id}
            </Box>
          </Popover>
        </SpaceBetween>
      }
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="refresh" ariaLabel={planningPageMessages.refresh} loading={refreshing} onClick={onRefresh} />
          <Button iconName="external" iconAlign="right" href={previewPath(planning)} target="_blank">
            {planningPageMessages.preview}
          </Button>
          <ButtonDropdown
            items={[
              { id: 'share-email', text: planningPageMessages.shareByEmail, iconName: 'envelope' },
              { id: 'share-sms', text: planningPageMessages.shareBySms, iconName: 'contact' },
              { id: 'share-link', text: planningPageMessages.copyLink, iconName: 'copy' },
            ]}
            onItemClick={({ detail }) => onAction(detail.id as HeaderAction)}
          >
            {planningPageMessages.send}
          </ButtonDropdown>
          {/* part 2 §2.5, §2.7: an imposed planning has no bookable slots, so no AMO availability drawer nor simulation. */}
          {!imposed && <Button onClick={() => onAction('availability')}>{planningPageMessages.availability}</Button>}
          <Button onClick={() => onAction('calendar')}>{planningPageMessages.calendar}</Button>
          <Button onClick={() => onAction('shift')}>{planningPageMessages.shift}</Button>
          {isAdmin && !imposed && <Button onClick={() => onAction('simulation')}>{planningPageMessages.simulation}</Button>}
          <Button onClick={() => onAction('messages')}>{planningPageMessages.customize}</Button>
          <PlanningExportButton planning={planning} />
          <Button iconName="settings" onClick={() => onAction('options')}>
            {planningPageMessages.options}
          </Button>
        </SpaceBetween>
      }
    >
      {planning.name}
    </Header>
  );
}
