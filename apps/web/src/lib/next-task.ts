/**
 * The rest of the work in a task of its own. Starting the app is a few steps of some milliseconds each; run back to
 * back they made one long task, four times longer on a phone, that the phone's Total Blocking Time counts whole past
 * its first 50 ms (issue #23, decision 171). Between tasks the browser can also answer the visitor.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
