import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { fail, succeed } from "~/lib/answer";
import { db } from "~/lib/db.server";
import { formFields, readForm } from "~/lib/http.server";
import { metaText } from "~/lib/meta";
import { useRouteMessages } from "~/lib/use-route-messages";
import { CatalogueAdminError, listGamesForStaff, updateGame } from "../catalogue-admin.server";
import { AnswerNotice, PageTitle, cardClass, fieldClass, labelClass, primaryButton, secondaryButton } from "../components/admin-ui";
import { staffContext } from "../context.server";
import { parseGameForm } from "../core/catalogue-form";
import type { Route } from "./+types/catalogue";

export async function loader({ request }: Route.LoaderArgs) {
  const { messages } = await staffContext(request);
  return { games: await listGamesForStaff(db()), messages };
}

export async function action({ request }: Route.ActionArgs) {
  const { staff } = await staffContext(request);
  const fields = formFields(await readForm(request));
  const parsed = parseGameForm(fields);
  if (!parsed.ok) return fail(parsed.code, 400, { field: parsed.field, gameId: fields.gameId ?? "" });
  try {
    await updateGame(db(), staff.id, fields.gameId ?? "", parsed.values);
  } catch (error) {
    if (error instanceof CatalogueAdminError) return fail("NOT_FOUND", 404);
    throw error;
  }
  return succeed({ gameId: fields.gameId });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaText(matches, "admin", "catalogue.title")} · Arena LATAM` }, { name: "robots", content: "noindex" }];
}

export default function CataloguePage({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("admin");
  return (
    <section className="mx-auto max-w-5xl px-4 py-8" data-testid="admin-catalogue">
      <PageTitle title={t("catalogue.title")} subtitle={t("catalogue.subtitle")} />
      <AnswerNotice answer={actionData} done={actionData?.ok ? t("catalogue.gameSaved") : undefined} />
      <div className="grid gap-4">
        {loaderData.games.map((game) => (
          <Form key={game.id} method="post" className={`${cardClass} grid gap-3 sm:grid-cols-2`} data-testid={`game-${game.id}`}>
            <input type="hidden" name="gameId" value={game.id} />
            <label className={labelClass}>
              {t("catalogue.fields.name")}
              <input name="name" defaultValue={game.name} required maxLength={60} className={fieldClass} />
            </label>
            <label className={labelClass}>
              {t("catalogue.fields.logo")}
              <input name="logo" defaultValue={game.logo ?? ""} className={fieldClass} placeholder="/images/games/…" />
            </label>
            <label className={labelClass}>
              {t("catalogue.fields.sortOrder")}
              <input name="sortOrder" inputMode="numeric" defaultValue={game.sortOrder} className={fieldClass} />
            </label>
            <div className="flex flex-col gap-1 text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" name="hiddenInStore" defaultChecked={game.hiddenInStore} />
                {t("catalogue.fields.hiddenInStore")}
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="checksPlayerId" defaultChecked={game.checksPlayerId} />
                {t("catalogue.fields.checksPlayerId")}
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="hasZoneField" defaultChecked={game.hasZoneField} />
                {t("catalogue.fields.hasZoneField")}
              </label>
            </div>
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
