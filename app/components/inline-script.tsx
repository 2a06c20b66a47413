import { useNonce } from "~/lib/nonce";

/**
 * A browser module compiled by the build (`import source from "…?inline-script"`, docs/decisions/011),
 * inlined under the response's CSP nonce.
 */
export function InlineScript({ source }: { source: string }) {
  const nonce = useNonce() || undefined;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
