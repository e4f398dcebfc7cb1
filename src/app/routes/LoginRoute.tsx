// /login, in its own chunk.
export { LoginPage as Component } from '../../features/auth/components/LoginPage';
