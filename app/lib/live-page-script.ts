import { REDIRECT_JS } from "~/components/ui/timed-redirect";

/**
 * For pages served without the React runtime (docs/decisions/002) whose content changes in place:
 * the tournament page, the bracket and a match. The page works without it (forms post, the server
 * answers with the whole page, errors translated); with it, the element marked `data-swap` is
 * replaced by the same element from a fresh server render, so what React did on the client is
 * still done by the server:
 * - a form inside posts through fetch: the URL stays the page's own (a reload does not post again),
 *   the submit button is disabled and shows `data-sending`, and what the server answers (an error
 *   with the values typed, or the result) replaces the block; a redirect is followed, a page
 *   without the block (an error page) replaces the body, and only when the request could not be
 *   sent at all does the form post the plain way;
 * - `data-live="<url>"` opens server-sent events there; each `change` fetches the page again (one
 *   fetch at a time: events arriving meanwhile make one more fetch after it), and the page's
 *   LiveStatus region (polite) says it was updated;
 * - `data-countdown` ticks each second (text `data-text` with {{time}}, `data-to`, the server's
 *   `data-now`) and at zero fetches the page again (what was closed may now be open);
 * - a page that moves on by itself (TimedRedirect) and arrives this way starts its timer.
 */
export const TIME_LEFT_JS = `function(ms){var t=Math.max(0,Math.ceil(ms/1000)),d=Math.floor(t/86400),h=Math.floor(t%86400/3600),m=Math.floor(t%3600/60),s=t%60;
function p(n){return(n<10?"0":"")+n}
return d>0?d+" d "+h+" h":h>0?h+" h "+p(m)+" min":m>0?m+" min "+p(s)+" s":s+" s"}`;

export const LIVE_PAGE_SCRIPT = `(function(){
var root=document.querySelector("[data-swap]");if(!root)return;
var left=${TIME_LEFT_JS},busy=false,again=false,skew=0;
function swap(html,live){var d=new DOMParser().parseFromString(html,"text/html"),n=d.querySelector("[data-swap]");if(!n){if(!live)document.body.replaceWith(d.body);return}root.innerHTML=n.innerHTML;
(${REDIRECT_JS})(root.querySelector("[data-redirect]"));start();
var ls=live&&document.querySelector("[data-live-status]");if(ls){ls.textContent="";setTimeout(function(){ls.textContent=ls.getAttribute("data-text")},100)}}
function refresh(){if(busy){again=true;return}busy=true;
fetch(location.href,{cache:"no-store"}).then(function(r){if(r.ok)return r.text().then(function(h){swap(h,1)})}).catch(function(){}).then(function(){busy=false;if(again){again=false;refresh()}})}
root.addEventListener("submit",function(e){var f=e.target;if(e.defaultPrevented||f.method!=="post")return;e.preventDefault();
var b=f.querySelector("[type=submit]"),s=f.getAttribute("data-sending");if(b){b.disabled=true;if(s)b.textContent=s}
fetch(f.action,{method:"POST",body:new FormData(f)}).then(function(r){if(r.redirected){location.assign(r.url);return}
return r.text().then(function(h){swap(h);var a=root.querySelector("[role=alert]");if(a)a.scrollIntoView({block:"center"})})},
function(){HTMLFormElement.prototype.submit.call(f)})});
function start(){var c=root.querySelector("[data-countdown]");if(c)skew=Date.parse(c.getAttribute("data-now"))-Date.now()}
function tick(){var c=root.querySelector("[data-countdown]");if(!c)return;var ms=Date.parse(c.getAttribute("data-to"))-Date.now()-skew;
c.textContent=c.getAttribute("data-text").replace("{{time}}",left(ms));if(ms<=0){c.removeAttribute("data-countdown");refresh()}}
start();setInterval(tick,1000);
var live=root.getAttribute("data-live");if(live&&window.EventSource)new EventSource(live).addEventListener("change",refresh);
})();`;
