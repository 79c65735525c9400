/** A form the visitor sent that the app did not answer, held by public/boot.js (decision 145). */
export interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** What public/boot.js shares with the app: the held submits, and who to tell when one more is held. */
export interface HeldSubmits {
  held: HeldSubmit[];
  notify: (() => void) | null;
}

declare global {
  interface Window {
    __heldSubmits?: HeldSubmits;
    /** Set by main.tsx once React takes the page over: public/boot.js answers the theme controls until then. */
    __appStarted?: boolean;
    /** public/boot.js: resolves once every chunk of the server-rendered page has its modulepreload link. */
    __chunksLinked?: Promise<void>;
  }
}

/**
 * Sends one held submit to its form again. The event is dispatched, not requested: an event the page makes never
 * makes the browser submit the form itself. Every form of the app cancels its submit, so a cancelled event is one
 * the app answered; an uncancelled one met a form whose part of the page is not hydrated yet.
 */
function resend({ form, submitter }: HeldSubmit): boolean {
  const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
  const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button?.form === form ? button : null });
  form.dispatchEvent(event);
  return event.defaultPrevented;
}

/**
 * From now on the app sends held submits again, in order: those held so far and any held later. A form still
 * waiting for its part of the page is tried again every `retryMs` (for up to ten seconds, then dropped); a form no
 * longer on the page, or one the browser finds invalid, is dropped.
 */
export function sendHeldSubmits(box: HeldSubmits | undefined = window.__heldSubmits, retryMs = 50): void {
  if (!box) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tries = 0;
  const run = () => {
    timer = undefined;
    const waiting = box.held
      .splice(0)
      .filter((submit) => submit.form.isConnected && (submit.form.noValidate || submit.form.reportValidity()) && !resend(submit));
    if (waiting.length === 0) {
      tries = 0;
      return;
    }
    if (++tries > 10_000 / retryMs) {
      tries = 0;
      return;
    }
    box.held.unshift(...waiting);
    timer ??= setTimeout(run, retryMs);
  };
  box.notify = () => {
    timer ??= setTimeout(run, 0);
  };
  box.notify();
}
