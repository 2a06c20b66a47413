import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Mirrors SPEC.md §2; each feature adds its routes here. */
export default [
  index("features/landing/routes/home.tsx"),
  route("privacy-terms", "features/legal/routes/privacy-terms.tsx"),
  route("*", "features/shell/routes/not-found.tsx"),
] satisfies RouteConfig;
