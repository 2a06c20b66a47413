import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { fail, fieldErrorsOfAnswer, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formFields, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { CatalogueAdminError, listGamesForStaff, updateGame } from "../catalogue-admin.server";
import {
  AnswerNotice,
  CheckboxList,
  CheckedInput,
  PageTitle,
  cardClass,
  fieldClass,
  labelClass,
  primaryButton,
  secondaryButton,
} from "../components/admin-ui";
import { staffContext } from "../context.server";
import { parseGameForm } from "../core/catalogue-form";
import { GAME_ART_MAX_BYTES, removeGameArt, storeGameArt, type GameArtKind } from "../game-art.server";
import type { Route } from "./+types/catalogue";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  // Whether checkout can check IDs at all: without ID_CHECKER_URL every check is skipped (docs/id-checker.md).
  return {
    games: await listGamesForStaff(db()),
    checkerConfigured: Boolean(env().ID_CHECKER_URL),
    artMaxMb: GAME_ART_MAX_BYTES / 1024 / 1024,
    messages,
  };
}

/** An uploaded file of the form, or null when none was chosen. */
async function chosenFile(form: FormData, name: string): Promise<Uint8Array | null> {
  const file = form.get(name);
  if (!file || typeof file === "string" || file.size === 0) return null;
  return new Uint8Array(await file.arrayBuffer());
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const form = await readForm(request);
  const fields = formFields(form);
  const parsed = parseGameForm(fields);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, errors: parsed.errors, gameId: fields.gameId ?? "" });
  // An uploaded image wins over the typed path; each is checked by content before anything is saved,
  // and what was stored is forgotten again when the save does not happen.
  const values = { ...parsed.values };
  const stored: string[] = [];
  const forget = () => Promise.all(stored.map((publicPath) => removeGameArt(publicPath)));
  try {
    for (const kind of ["logo", "banner"] as const satisfies GameArtKind[]) {
      const bytes = await chosenFile(form, `${kind}File`);
      if (!bytes) continue;
      const art = await storeGameArt(bytes, kind);
      if (!art.ok) {
        await forget();
        return fail(art.code, 400, { field: `${kind}File`, gameId: fields.gameId ?? "" });
      }
      stored.push(art.path);
      values[kind] = art.path;
    }
    await updateGame(db(), staff.id, fields.gameId ?? "", values);
  } catch (error) {
    await forget();
    if (error instanceof CatalogueAdminError) return fail("NOT_FOUND", 404);
    throw error;
  }
  return succeed({ gameId: fields.gameId });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "catalogue.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

/** Whether checkout checks this game's player IDs, at a glance: on and working, on but no checker, or off. */
function IdCheckChip({ checks, configured }: { checks: boolean; configured: boolean }) {
  const { t } = useTranslation("admin");
  const [tone, key] = !checks
    ? ["bg-slate-500/20 text-slate-300", "off"]
    : configured
      ? ["bg-emerald-500/15 text-emerald-200", "on"]
      : ["bg-amber-500/15 text-amber-200", "noChecker"];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`} data-testid="id-check-chip" data-state={key}>
      {t(`catalogue.idCheck.${key}`)}
    </span>
  );
}

export default function CataloguePage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  const { checkerConfigured } = loaderData;
  const failedGame = actionData && !actionData.ok && "gameId" in actionData ? actionData.gameId : null;
  // The refused game's form marks each wrong field under it (the summary stays above the forms).
  const marks = (gameId: string) => ({
    errors: failedGame === gameId ? fieldErrorsOfAnswer(actionData) : {},
    errorPrefix: `game-${gameId}`,
  });
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-catalogue">
      <PageTitle title={t("catalogue.title")} subtitle={t("catalogue.subtitle")} />
      <p
        className={`mb-4 rounded-lg border p-3 text-sm ${checkerConfigured ? "border-emerald-500/40 bg-emerald-500/10 text-emerald-100" : "border-amber-500/50 bg-amber-500/10 text-amber-100"}`}
        data-testid="id-checker-status"
      >
        {checkerConfigured ? t("catalogue.checker.configured") : t("catalogue.checker.missing")}
      </p>
      <AnswerNotice answer={actionData} done={actionData?.ok ? t("catalogue.gameSaved") : undefined} />
      <div className="grid gap-4">
        {loaderData.games.map((game) => (
          <Form
            key={game.id}
            method="post"
            encType="multipart/form-data"
            className={`${cardClass} grid min-w-0 gap-3 sm:grid-cols-2`}
            data-testid={`game-${game.id}`}
          >
            <input type="hidden" name="gameId" value={game.id} />
            <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
              {game.logo ? <img src={game.logo} alt="" width={32} height={32} className="h-8 w-8 rounded-md object-cover" /> : null}
              <h2 className="mr-auto font-bold">{game.name}</h2>
              <IdCheckChip checks={game.checksPlayerId} configured={checkerConfigured} />
              {game.hasZoneField ? (
                <span
                  className="inline-block rounded-full bg-cyan-500/15 px-2.5 py-0.5 text-xs font-semibold text-cyan-200"
                  data-testid="zone-chip"
                >
                  {t("catalogue.zoneChip")}
                </span>
              ) : null}
              {game.hiddenInStore ? (
                <span className="inline-block rounded-full bg-slate-500/20 px-2.5 py-0.5 text-xs font-semibold text-slate-300">
                  {t("catalogue.hiddenChip")}
                </span>
              ) : null}
            </div>
            <CheckedInput
              {...marks(game.id)}
              label={t("catalogue.fields.name")}
              name="name"
              defaultValue={game.name}
              required
              maxLength={60}
            />
            <CheckedInput
              {...marks(game.id)}
              label={t("catalogue.fields.sortOrder")}
              name="sortOrder"
              inputMode="numeric"
              defaultValue={game.sortOrder}
            />
            <CheckedInput
              {...marks(game.id)}
              label={t("catalogue.fields.logo")}
              name="logo"
              defaultValue={game.logo ?? ""}
              placeholder="/images/games/…"
            />
            <label className={labelClass}>
              {t("catalogue.fields.logoFile")}
              <input
                type="file"
                name="logoFile"
                accept="image/png,image/jpeg,image/webp"
                aria-invalid={marks(game.id).errors.logoFile ? true : undefined}
                className={`${fieldClass} min-w-0`}
                data-testid={`logo-file-${game.id}`}
              />
            </label>
            <CheckedInput
              {...marks(game.id)}
              label={t("catalogue.fields.banner")}
              name="banner"
              defaultValue={game.banner ?? ""}
              placeholder="/media/games/…"
            />
            <label className={labelClass}>
              {t("catalogue.fields.bannerFile")}
              <input
                type="file"
                name="bannerFile"
                accept="image/png,image/jpeg,image/webp"
                aria-invalid={marks(game.id).errors.bannerFile ? true : undefined}
                className={`${fieldClass} min-w-0`}
                data-testid={`banner-file-${game.id}`}
              />
            </label>
            <p className="text-xs text-slate-400 sm:col-span-2">{t("catalogue.artHint", { mb: loaderData.artMaxMb })}</p>
            <CheckboxList
              boxes={(["hiddenInStore", "checksPlayerId", "hasZoneField"] as const).map((name) => ({
                name,
                label: t(`catalogue.fields.${name}`),
                checked: game[name],
              }))}
            />
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <button type="submit" className={primaryButton}>
                {t("catalogue.save")}
              </button>
              <Link to={`/admin/catalogue/${game.id}`} className={secondaryButton} data-testid={`packages-${game.id}`}>
                {t("catalogue.packages")}
              </Link>
            </div>
          </Form>
        ))}
      </div>
    </section>
  );
}
