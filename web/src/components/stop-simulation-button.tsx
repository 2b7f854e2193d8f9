import Button from '@cloudscape-design/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { stopSimulation } from '../app/impersonation';
import { useStoredItem } from '../app/session-store';
import { storageKeys } from '../app/storage-keys';

/** The floating 'Stop simulation' button shown while an administrator impersonates a user (part 3 §2, §4). */
export function StopSimulationButton() {
  const simulating = !!useStoredItem(storageKeys.adminToken);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  if (!simulating) return null;
  const stop = async () => {
    setPending(true);
    await stopSimulation();
    queryClient.clear();
    setPending(false);
    void navigate('/admin/programmes');
  };
  return (
    <div style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 2000 }}>
      <Button variant="primary" iconName="close" loading={pending} onClick={() => void stop()}>
        Stop simulation
      </Button>
    </div>
  );
}
