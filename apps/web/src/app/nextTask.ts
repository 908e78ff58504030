/**
 * Settles in a later task (a timer): what runs after it starts a task of its own, so the browser can paint and
 * answer input in between. The start (main.tsx) runs its set-up steps one per task: one long task blocks a phone's
 * first seconds more than several short ones (issue 10).
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });
