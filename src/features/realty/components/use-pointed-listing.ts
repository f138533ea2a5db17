import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from '../../../components/use-set-search-param.ts';

/**
 * Which listing the reader points at, between the map and the list: the one hovered (and
 * where from), the one selected (its drawer open), the one the map should centre on (`focus`,
 * a listing chosen in the list) and the one the list should scroll to (`reveal`, a marker
 * hovered or chosen on the map). `focus` and `reveal` are new objects each time, so choosing
 * the same listing again moves the map or the list again. The selected one is in the page URL
 * (`listing`): a shared link and a recorded demo step open its drawer (issue #36).
 */
/** The page-URL parameter of the selected listing (its drawer is open). */
export const LISTING_PARAM = 'listing';

export function usePointedListing() {
  const [hover, setHover] = useState<{ key: string; from: 'map' | 'list' } | null>(null);
  const [searchParams] = useSearchParams();
  const selectedKey = searchParams.get(LISTING_PARAM);
  const setParam = useSetSearchParam();
  const setSelectedKey = useCallback(
    (key: string | null) => setParam(LISTING_PARAM, key),
    [setParam],
  );
  const [focus, setFocus] = useState<{ key: string } | null>(null);
  const [reveal, setReveal] = useState<{ key: string } | null>(null);

  const hoverFromMap = useCallback((key: string | null) => {
    setHover(key ? { key, from: 'map' } : null);
    if (key) setReveal({ key });
  }, []);
  const hoverFromList = useCallback(
    (key: string | null) => setHover(key ? { key, from: 'list' } : null),
    [],
  );
  const selectFromMap = useCallback(
    (key: string) => {
      setSelectedKey(key);
      setReveal({ key });
    },
    [setSelectedKey],
  );
  const selectFromList = useCallback(
    (key: string) => {
      setSelectedKey(key);
      setFocus({ key });
    },
    [setSelectedKey],
  );

  return {
    hoveredKey: hover?.key ?? null,
    selectedKey,
    setSelectedKey,
    focus,
    reveal,
    hoverFromMap,
    hoverFromList,
    selectFromMap,
    selectFromList,
  };
}

export type PointedListing = ReturnType<typeof usePointedListing>;
