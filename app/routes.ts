import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Mirrors SPEC.md §2; each feature adds its routes here. */
export default [
  index("features/landing/routes/home.tsx"),
  route("auth", "features/auth/routes/auth.tsx"),
  route("auth/profile", "features/auth/routes/profile.tsx"),
  route("auth/continue", "features/auth/routes/continue.ts"),
  route("auth/oauth", "features/auth/routes/oauth.ts"),
  route("auth/sign-out", "features/auth/routes/sign-out.ts"),
  route("login", "features/auth/routes/login.tsx"),
  route("api/auth/*", "features/auth/routes/api-auth.ts"),
  route("privacy-terms", "features/legal/routes/privacy-terms.tsx"),
  route("*", "features/shell/routes/not-found.tsx"),
] satisfies RouteConfig;
