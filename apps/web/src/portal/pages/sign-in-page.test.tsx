import { PORTAL_CODE_SENT_MESSAGE, PORTAL_LOCKED_MESSAGE, PORTAL_WRONG_CODE_MESSAGE } from '@airlink/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPortalFetch } from '../testing/portal-fetch';
import { SignInPage } from './sign-in-page';

afterEach(() => vi.unstubAllGlobals());

const NEUTRAL = { status: 202, body: { message: PORTAL_CODE_SENT_MESSAGE } };

async function askForCode(contrato = '1234', telefono = '771 123-4567') {
  const user = userEvent.setup();
  if (contrato) await user.type(screen.getByLabelText('Número de contrato'), contrato);
  if (telefono) await user.type(screen.getByLabelText('Teléfono'), telefono);
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  return user;
}

describe('portal sign-in', () => {
  it('checks the contract and the phone before asking for a code', async () => {
    const { calls } = stubPortalFetch({});
    render(<SignInPage onSignedIn={vi.fn()} />);
    await askForCode('', '12');
    expect(screen.getByText('Escribe tu número de contrato.')).toBeInTheDocument();
    expect(screen.getByText(/Escribe tu teléfono a 10 dígitos/)).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("sends the contract and the phone as typed (spaces and dashes) and shows the server's neutral message", async () => {
    const { calls } = stubPortalFetch({ 'POST /api/portal/codigo': NEUTRAL });
    render(<SignInPage onSignedIn={vi.fn()} />);
    await askForCode(' 1234 ', '771 123-4567');
    expect(await screen.findByRole('status')).toHaveTextContent(PORTAL_CODE_SENT_MESSAGE);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/portal/codigo',
      body: { contrato: '1234', telefono: '771 123-4567' },
    });
    expect(screen.getByLabelText('Código de 6 dígitos')).toBeInTheDocument();
  });

  it('says the same for a pair that does not exist (the server answers 202 the same way)', async () => {
    stubPortalFetch({ 'POST /api/portal/codigo': NEUTRAL });
    render(<SignInPage onSignedIn={vi.fn()} />);
    await askForCode('99999', '5500000000');
    expect(await screen.findByRole('status')).toHaveTextContent(PORTAL_CODE_SENT_MESSAGE);
  });

  it('a 202 without a body still shows the neutral message', async () => {
    stubPortalFetch({ 'POST /api/portal/codigo': { status: 202 } });
    render(<SignInPage onSignedIn={vi.fn()} />);
    await askForCode();
    expect(await screen.findByRole('status')).toHaveTextContent(PORTAL_CODE_SENT_MESSAGE);
  });

  it('too many codes: the server says so in Spanish; a bare 429 gets our own words', async () => {
    stubPortalFetch({
      'POST /api/portal/codigo': [
        { status: 429, body: { error: 'rate_limited', message: 'Pediste demasiados códigos. Intenta en una hora.' } },
        { status: 429 },
      ],
    });
    render(<SignInPage onSignedIn={vi.fn()} />);
    const user = await askForCode();
    expect(await screen.findByRole('alert')).toHaveTextContent('Pediste demasiados códigos. Intenta en una hora.');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText(/Ya pediste demasiados códigos. Espera una hora/)).toBeInTheDocument();
  });

  it('checks the code has 6 digits, then opens the session with the contract and the code', async () => {
    const onSignedIn = vi.fn();
    const { calls } = stubPortalFetch({
      'POST /api/portal/codigo': NEUTRAL,
      'POST /api/portal/sesion': { status: 200, body: { nombre: 'María', expira: '2026-12-27T00:00:00Z' } },
    });
    render(<SignInPage onSignedIn={onSignedIn} />);
    const user = await askForCode();
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('El código tiene 6 dígitos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Código de 6 dígitos')).toHaveValue('123');
    await user.type(screen.getByLabelText('Código de 6 dígitos'), '456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({ path: '/api/portal/sesion', body: { contrato: '1234', codigo: '123456' } });
  });

  it('a wrong or expired code says so; a locked contract says it is locked 15 minutes', async () => {
    const onSignedIn = vi.fn();
    stubPortalFetch({
      'POST /api/portal/codigo': NEUTRAL,
      'POST /api/portal/sesion': [
        { status: 400, body: { error: 'bad_request', message: PORTAL_WRONG_CODE_MESSAGE } },
        { status: 401 },
        { status: 429, body: { error: 'rate_limited', message: PORTAL_LOCKED_MESSAGE } },
        { status: 423 },
      ],
    });
    render(<SignInPage onSignedIn={onSignedIn} />);
    const user = await askForCode();
    await user.type(await screen.findByLabelText('Código de 6 dígitos'), '000000');
    const enter = () => user.click(screen.getByRole('button', { name: 'Entrar' }));
    await enter();
    expect(await screen.findByRole('alert')).toHaveTextContent(PORTAL_WRONG_CODE_MESSAGE);
    await enter();
    expect(await screen.findByRole('alert')).toHaveTextContent(PORTAL_WRONG_CODE_MESSAGE);
    await enter();
    expect(await screen.findByRole('alert')).toHaveTextContent(/bloqueado 15 minutos/);
    await enter();
    expect(await screen.findByRole('alert')).toHaveTextContent(PORTAL_LOCKED_MESSAGE);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("'Cambiar datos' goes back to the contract and phone; 'Enviar otro código' asks again", async () => {
    const { calls } = stubPortalFetch({ 'POST /api/portal/codigo': NEUTRAL });
    render(<SignInPage onSignedIn={vi.fn()} />);
    const user = await askForCode();
    await user.click(await screen.findByRole('button', { name: 'Enviar otro código' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cambiar datos' }));
    expect(screen.getByLabelText('Número de contrato')).toHaveValue('1234');
  });

  it('the network down is said in Spanish', async () => {
    stubPortalFetch({ 'POST /api/portal/codigo': { network: true } });
    render(<SignInPage onSignedIn={vi.fn()} />);
    await askForCode();
    expect(await screen.findByRole('alert')).toHaveTextContent(/No se pudo conectar con AirLink/);
  });
});
