import { useNavigate, useRevalidator } from 'react-router';

/**
 * After signing in or up: reload the page data (the header now knows the user, from the new
 * session cookie), then go to the page the shopper came from.
 */
export function useAfterSignIn(): (next: string) => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async (next) => {
    await revalidator.revalidate();
    await navigate(next, { replace: true });
  };
}
