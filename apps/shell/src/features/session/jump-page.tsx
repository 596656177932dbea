import { Navigate, useSearchParams } from 'react-router-dom';
import { redirectTarget } from '@uc/client';

/**
 * /user/jump?redirect=<address>: the entry other applications of the platform link to. It goes to
 * the address when it lies inside this console (else the dashboard); the main layout's guard then
 * looks the stored token up (the start sequence skipped that here, a login page) and asks a
 * signed-out visitor to sign in first, keeping the address. Tokens are deliberately not accepted in the address:
 * a link carrying someone else's session would sign the reader into that account.
 */
export default function JumpPage() {
  const [params] = useSearchParams();
  return <Navigate to={redirectTarget(params.get('redirect'))} replace />;
}
