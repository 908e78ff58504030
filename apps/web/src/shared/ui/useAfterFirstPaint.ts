import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, then true in a transition right after the first commit: a part further down a screen
 * (always rendered, so screen readers and search find it) is built in an interruptible render after the top of
 * the screen has painted, instead of lengthening the first, uninterrupted one.
 */
export const useAfterFirstPaint = () => {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
};
