import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useNavigate } from 'react-router';
import { planningKindLabels, planningListScreenMessages } from '../../../../shared/messages/planning-list';

/** 'Plannings' ▾ of the program's planning list: a new free or imposed planning (part 2 §2.4). */
export function NewPlanningDropdown({ base }: { base: string }) {
  const navigate = useNavigate();
  return (
    <ButtonDropdown
      variant="primary"
      items={[
        { id: 'libre', text: planningKindLabels.free, description: planningKindLabels.freeDescription, href: `${base}/plannings/nouveau` },
        { id: 'impose', text: planningKindLabels.imposed, description: planningKindLabels.imposedDescription, href: `${base}/plannings/nouveau-impose` },
      ]}
      onItemFollow={(event) => {
        event.preventDefault();
        if (event.detail.href) void navigate(event.detail.href);
      }}
      onItemClick={({ detail }) => {
        if (detail.id === 'libre') void navigate(`${base}/plannings/nouveau`);
        if (detail.id === 'impose') void navigate(`${base}/plannings/nouveau-impose`);
      }}
    >
      {planningListScreenMessages.title}
    </ButtonDropdown>
  );
}
