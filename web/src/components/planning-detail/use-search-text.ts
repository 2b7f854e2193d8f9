import { useEffect, useState } from 'react';

/** The wait after the last key before a picker asks the server (one request per pause, not per key). */
const SEARCH_DELAY_MS = 250;

/**
 * The text typed in a server-searched picker (Cloudscape `filteringType="manual"`) and the text
 * searched, which follows it once typing pauses; `waiting` while they differ.
 */
export function useSearchText() {
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, searched, waiting: typed !== searched, setTyped };
}
