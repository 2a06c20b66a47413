import { data } from "react-router";

/**
 * The posted form, or a 400 "could not read the request" page when the body is not a form
 * (a script posting JSON, a cut-off upload): bad input gets an answer, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ code: "BAD_REQUEST" }, { status: 400 });
  }
}
