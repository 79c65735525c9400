import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer, toast } from 'react-toastify';
import { QuantityForm } from './quantity-form';

afterEach(() => {
  cleanup();
  toast.dismiss();
});

function setup() {
  const onConfirm = vi.fn();
  render(
    <>
      <QuantityForm minOrder={10} stock={50} onConfirm={onConfirm} />
      <ToastContainer autoClose={false} />
    </>,
  );
  return { onConfirm, input: screen.getByLabelText('Quantity'), set: screen.getByRole('button', { name: 'Set Quantity' }) };
}

describe('QuantityForm', () => {
  it('starts at the minimum order (issue #39)', () => {
    const { input } = setup();
    expect((input as HTMLInputElement).value).toBe('10');
  });

  it('confirms a quantity between the minimum order and the stock', async () => {
    const { onConfirm, input, set } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, '25');
    await userEvent.click(set);
    expect(onConfirm).toHaveBeenLastCalledWith(25);
  });

  it.each([['9'], ['51'], ['12.5'], ['']])('refuses %j with the spec toast and resets the form to the minimum order', async (typed) => {
    const { onConfirm, input, set } = setup();
    await userEvent.clear(input);
    if (typed) await userEvent.type(input, typed);
    await userEvent.click(set);
    expect(await screen.findByText('Please enter a valid quantity!')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('10');
    expect(onConfirm).toHaveBeenLastCalledWith(10);
  });

  it('un-confirms as soon as the number is edited', async () => {
    const { onConfirm, input, set } = setup();
    await userEvent.clear(input);
    await userEvent.type(input, '20');
    await userEvent.click(set);
    expect(onConfirm).toHaveBeenLastCalledWith(20);
    await userEvent.type(input, '0');
    expect(onConfirm).toHaveBeenLastCalledWith(0);
  });
});
