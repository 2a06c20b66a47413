import { useTranslation } from "~/lib/i18n-react";
import { useToast } from "~/components/ui/toast";

/** One thing staff type into the provider's panel: its value, large enough to read, with a copy button. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation("admin");
  const toast = useToast();
  return (
    <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-cyan-500/20 py-2 first:border-t-0">
      <dt className="w-full text-xs font-semibold tracking-wide text-cyan-200/80 uppercase sm:w-36">{label}</dt>
      {/* The button sits inside the <dd>: a <dl> group holds only <dt> and <dd> (screen readers read it as a list). */}
      <dd className="flex min-w-0 flex-1 items-center justify-between gap-3">
        <span className="min-w-0 font-mono text-lg font-bold break-all" data-testid={testId}>
          {value}
        </span>
        <button
          type="button"
          className="shrink-0 rounded-md border border-cyan-500/60 px-3 py-1.5 text-sm font-semibold text-cyan-200 hover:bg-cyan-500/10"
          aria-label={t("review.deliver.copyLabel", { what: label })}
          data-testid={`copy-${testId}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              toast.success({ message: t("review.deliver.copied", { what: label }) });
            } catch {
              toast.error({ message: t("review.deliver.copyFailed", { what: label }) });
            }
          }}
        >
          {t("review.deliver.copy")}
        </button>
      </dd>
    </div>
  );
}

/**
 * What staff deliver: game, player ID, zone, in-game name and each package, each with a copy
 * button, and whether the ID checker confirmed the name (without ID_CHECKER_URL nobody did: staff
 * check it in the game before delivering). After delivery: who delivered, when, and the provider's id.
 */
export function DeliveryCard(props: {
  game: string | null;
  gamerId: string;
  gameServer: string | null;
  gamerName: string | null;
  items: { id: string; label: string; quantity: number }[];
  delivered: { who: string; when: string; providerReference: string | null } | null;
}) {
  const { t } = useTranslation("admin");
  const packageOf = (label: string) => label.split(" · ").slice(1).join(" · ") || label;
  return (
    <section className="rounded-xl border border-cyan-500/50 bg-cyan-500/10 p-5" aria-labelledby="player-heading" data-testid="player-card">
      <h2 id="player-heading" className="text-sm font-semibold tracking-wide text-cyan-200 uppercase">
        {t("review.player.title")}
      </h2>
      <dl className="mt-2">
        {props.game ? <CopyRow label={t("review.deliver.game")} value={props.game} testId="player-game" /> : null}
        <CopyRow label={t("review.deliver.playerId")} value={props.gamerId} testId="player-id" />
        {props.gameServer ? <CopyRow label={t("review.deliver.zone")} value={props.gameServer} testId="player-zone" /> : null}
        {props.gamerName ? <CopyRow label={t("review.deliver.gamerName")} value={props.gamerName} testId="player-name" /> : null}
        {props.items.map((item, index) => (
          <CopyRow
            key={item.id}
            label={t("review.deliver.package", { count: props.items.length, index: index + 1 })}
            value={
              item.quantity > 1 ? t("review.order.item", { label: packageOf(item.label), quantity: item.quantity }) : packageOf(item.label)
            }
            testId={`player-package-${index + 1}`}
          />
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-300" data-testid="player-check">
        {props.gamerName ? t("review.player.checked", { name: props.gamerName }) : t("review.player.notChecked")}
      </p>
      {props.delivered ? (
        <p className="mt-3 rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-100" data-testid="delivered">
          {t("review.deliver.deliveredBy", { who: props.delivered.who, when: props.delivered.when })}
          {props.delivered.providerReference ? (
            <span className="mt-1 block" data-testid="provider-reference">
              {t("review.deliver.providerReference", { reference: props.delivered.providerReference })}
            </span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
