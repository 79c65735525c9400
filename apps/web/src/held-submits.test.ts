import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import boot from '../public/boot.js?raw';
import { sendHeldSubmits } from './held-submits';

/** A server-rendered form: until `answer()` is called, nothing of the app listens to it (its part is not hydrated). */
function pageForm(attributes: Record<string, string> = {}) {
  const form = document.createElement('form');
  form.noValidate = true;
  for (const [name, value] of Object.entries(attributes)) form.setAttribute(name, value);
  const button = document.createElement('button');
  button.type = 'submit';
  form.append(button);
  document.body.append(form);
  const answered: Event[] = [];
  const answer = () =>
    form.addEventListener('submit', (event) => {
      event.preventDefault(); // what every form of the app does
      answered.push(event);
    });
  return { form, button, answered, answer };
}

describe('submits the app did not answer (public/boot.js and held-submits.ts, decision 145)', () => {
  beforeAll(() => {
    // The shipped script, run as the browser runs it, once per page.
    new Function(boot)();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
    window.__heldSubmits!.held.length = 0;
    window.__heldSubmits!.notify = null;
  });

  it('holds a submit nobody answered instead of letting the browser submit the form, and sends it once the form is answered', async () => {
    vi.useFakeTimers();
    const { form, button, answered, answer } = pageForm();
    const sent = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    Object.defineProperty(sent, 'isTrusted', { value: true }); // the visitor's own submit
    form.dispatchEvent(sent);
    expect(sent.defaultPrevented).toBe(true);
    expect(window.__heldSubmits!.held).toEqual([{ form, submitter: button }]);

    // The app is up but the form's part is not hydrated yet: tried again until it is.
    sendHeldSubmits(undefined, 50);
    await vi.advanceTimersByTimeAsync(120);
    expect(answered).toHaveLength(0);
    answer();
    await vi.advanceTimersByTimeAsync(50);
    expect(answered).toHaveLength(1);
    expect((answered[0] as SubmitEvent).submitter).toBe(button);
    expect(window.__heldSubmits!.held).toEqual([]);
    // Sent once: nothing more later.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(answered).toHaveLength(1);
  });

  it('leaves answered submits, forms with their own action and dialogs alone, and drops a form no longer on the page', async () => {
    vi.useFakeTimers();
    const trusted = () => {
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'isTrusted', { value: true });
      return event;
    };
    const answeredForm = pageForm();
    answeredForm.answer();
    answeredForm.form.dispatchEvent(trusted());
    const withAction = pageForm({ action: '/search' });
    const own = trusted();
    withAction.form.dispatchEvent(own);
    expect(own.defaultPrevented).toBe(false);
    expect(window.__heldSubmits!.held).toEqual([]);

    sendHeldSubmits(undefined, 50);
    const gone = pageForm();
    gone.form.dispatchEvent(trusted());
    expect(window.__heldSubmits!.held).toHaveLength(1);
    gone.form.remove();
    gone.answer();
    await vi.advanceTimersByTimeAsync(100);
    expect(gone.answered).toHaveLength(0);
    expect(window.__heldSubmits!.held).toEqual([]);
  });

  it('gives up on a form that is never answered after ten seconds', async () => {
    vi.useFakeTimers();
    const { form } = pageForm();
    const sent = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    Object.defineProperty(sent, 'isTrusted', { value: true });
    form.dispatchEvent(sent);
    sendHeldSubmits(undefined, 50);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(window.__heldSubmits!.held).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(window.__heldSubmits!.held).toEqual([]);
  });
});
