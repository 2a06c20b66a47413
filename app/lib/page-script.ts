import { REDIRECT_JS } from "~/components/ui/timed-redirect";
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY } from "~/domain/language";

/**
 * A few hundred bytes inlined in every page, so they also work on pages served without the
 * React runtime (the landing page, see docs/decisions/002):
 * - SPEC §4 language memory: the `lang` cookie is the truth when present and is mirrored to the
 *   local key `language`; with no cookie (a new visit), a remembered language is applied.
 * - clicks on the language links write the local key;
 * - a server notice (`?notice=`) is dropped from the address so a reload does not repeat it;
 * - on pages without React, a toast's close button removes it;
 * - plain forms (not React Router's, which prevent the default themselves): `data-confirm` asks
 *   first, `data-sending` disables the submit button and shows that text while the page loads, and
 *   a page restored from the back-forward cache gets its buttons back;
 * - a page that moves on by itself after a confirmation (TimedRedirect) starts its timer.
 */
export const PAGE_SCRIPT = `(function(){
var N=${JSON.stringify(LANGUAGE_NAMES)},K=${JSON.stringify(LANGUAGE_STORAGE_KEY)},C=${JSON.stringify(LANGUAGE_COOKIE)};
var lang=document.documentElement.lang,url=new URL(location.href);
function code(v){for(var k in N)if(v===k||v===N[k])return k;return null}
try{
var hasCookie=new RegExp("(^|;)\\\\s*"+C+"=(es|en)\\\\s*(;|$)").test(document.cookie);
var stored=code(localStorage.getItem(K));
if(!hasCookie&&stored&&stored!==lang){url.searchParams.set(C,stored);location.replace(url);return}
localStorage.setItem(K,N[lang]);
}catch(e){}
if(url.searchParams.has("notice")){url.searchParams.delete("notice");history.replaceState(history.state,"",url)}
document.addEventListener("click",function(e){
var t=e.target instanceof Element?e.target:null;if(!t)return;
var a=t.closest("[data-language]");if(a)try{localStorage.setItem(K,N[a.getAttribute("data-language")])}catch(x){}
var c=t.closest("[data-toast-close]");if(c&&!window.__reactRouterContext){var n=c.closest(".toast");if(n)n.remove()}
});
document.addEventListener("submit",function(e){var f=e.target,q=f.getAttribute("data-confirm"),s=f.getAttribute("data-sending");
if(q&&!e.defaultPrevented&&!confirm(q))e.preventDefault();if(!s||e.defaultPrevented)return;
var b=f.querySelector("[type=submit]");if(b){b.setAttribute("data-label",b.textContent);b.disabled=true;b.textContent=s}});
addEventListener("pageshow",function(e){if(e.persisted)document.querySelectorAll("[data-label]").forEach(function(b){b.disabled=false;b.textContent=b.getAttribute("data-label");b.removeAttribute("data-label")})});
(${REDIRECT_JS})(document.querySelector("[data-redirect]"));
})();`;
