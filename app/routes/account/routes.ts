// Signing in, the cart and buying. Paths are relative to app/.
import { route, type RouteConfigEntry } from '@react-router/dev/routes';

export const accountRoutes: RouteConfigEntry[] = [
  route('cart', 'routes/account/cart.tsx'),
  route('cart-products', 'routes/account/cart-products.ts'),
  route('wishlist', 'routes/account/wishlist.tsx'),
  route('register', 'routes/account/register.tsx'),
  route('login', 'routes/account/login.tsx'),
  route('forget-password', 'routes/account/forget-password.tsx'),
  route('verify-otp', 'routes/account/verify-otp.tsx'),
  route('reset-password', 'routes/account/reset-password.tsx'),
  route('checkout', 'routes/account/checkout.tsx'),
  route('order', 'routes/account/order.tsx'),
];
