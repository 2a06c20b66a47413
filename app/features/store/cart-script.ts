import { CART_STORAGE_KEY, MAX_QUANTITY } from "~/domain/cart";
import { TOAST_JS } from "~/components/ui/toast";
import { CART_COUNT_JS } from "./components/cart-button";

/** SPEC §3 local keys written once the order exists, for the payment step (the server renders them on `[data-created]`). */
export const ORDER_KEYS = ["payment_method", "gamer_id", "order_id", "order_total", "email"] as const;

/**
 * The cart and checkout pages are served without the React runtime (docs/decisions/002). The cart
 * is only in the browser (SPEC §3), so this small inlined script sends it to the server and moves
 * the server's HTML into the page; formatting, translations and every rule stay on the server.
 * - `[data-part="x"]` blocks are replaced by the same blocks of `GET <page>?items=<stored cart>`
 *   (on load, after a change, when another tab changes the cart); the last request wins;
 * - a form inside posts through fetch with the stored cart in its `items` field, and the whole
 *   `[data-cart-page]` block becomes the server's answer (errors translated, what was typed kept);
 *   only a request that could not be sent falls back to the plain post;
 * - `[data-store-cart]` in an answer is the cart as checkout corrected it: it is stored;
 * - `[data-created]` (the order exists): the order keys are written, the cart cleared, and the
 *   browser goes to `data-next`;
 * - cart rows: `[data-qty]` inputs (SPEC §5: a whole number from 1 to MAX, else 1, as
 *   `normalizeQuantity`) and `[data-remove]` buttons change the stored cart, then the page is asked again;
 * - `[data-toast-error]` (invalid quantities, SPEC §5) shows its text as an error toast when it appears;
 * - `[data-needs-script]` buttons (disabled in the HTML) are enabled, the `[data-no-script]` line
 *   ("the cart needs JavaScript") is removed, and the top bar's count is written.
 */
export const CART_SCRIPT = `(function(){
var root=document.querySelector("[data-cart-page]");if(!root)return;
var KEY=${JSON.stringify(CART_STORAGE_KEY)},MAX=${MAX_QUANTITY},KEYS=${JSON.stringify(ORDER_KEYS)},seq=0,paint=${CART_COUNT_JS},toast=${TOAST_JS},warned=null;
function stored(){try{return localStorage.getItem(KEY)||"{}"}catch(e){return"{}"}}
function edit(f){var c;try{c=JSON.parse(stored())}catch(e){}if(!c||typeof c!=="object"||Array.isArray(c))c={};f(c);localStorage.setItem(KEY,JSON.stringify(c))}
function swap(html,whole){var d=new DOMParser().parseFromString(html,"text/html"),n=d.querySelector("[data-cart-page]");if(!n){document.body.replaceWith(d.body);return}
var a=document.activeElement,q=a&&a.getAttribute&&a.getAttribute("data-qty");
if(whole)root.innerHTML=n.innerHTML;else root.querySelectorAll("[data-part]").forEach(function(p){var m=n.querySelector('[data-part="'+p.getAttribute("data-part")+'"]');if(m)p.replaceWith(m)});
if(q&&(a=root.querySelector('[data-qty="'+q+'"]')))a.focus();ready()}
function ready(){var s=root.querySelector("[data-store-cart]"),c=root.querySelector("[data-created]");
if(s)localStorage.setItem(KEY,s.getAttribute("data-store-cart"));
if(c){KEYS.forEach(function(k){localStorage.setItem(k,c.getAttribute("data-"+k.replace("_","-"))||"")});localStorage.removeItem(KEY);paint();location.assign(c.getAttribute("data-next"));return 1}
var w=root.querySelector("[data-toast-error]"),m=w&&w.getAttribute("data-toast-error");if(m&&m!==warned)toast("error",m);warned=m;
root.querySelectorAll("[data-needs-script]").forEach(function(b){b.disabled=false});root.querySelectorAll("[data-no-script]").forEach(function(p){p.remove()});paint()}
function show(){var mine=++seq;fetch(location.pathname+"?items="+encodeURIComponent(stored()),{cache:"no-store"}).then(function(r){return r.ok?r.text():""}).then(function(h){if(h&&mine===seq)swap(h)},function(){})}
root.addEventListener("submit",function(e){var f=e.target,b=e.submitter,s=b&&b.getAttribute("data-sending"),i=f.elements.namedItem("items");if(e.defaultPrevented)return;e.preventDefault();
if(i)i.value=stored();var d=new FormData(f),mine=++seq;if(b&&b.name)d.set(b.name,b.value);if(b){b.disabled=true;if(s)b.textContent=s}
fetch(f.action,{method:"POST",body:d}).then(function(r){return r.text()}).then(function(h){if(mine!==seq)return;swap(h,1);var a=root.querySelector("[role=alert],[data-confirm-step]");if(a)a.scrollIntoView({block:"center"})},
function(){if(b&&b.name){var h=document.createElement("input");h.type="hidden";h.name=b.name;h.value=b.value;f.appendChild(h)}HTMLFormElement.prototype.submit.call(f)})});
root.addEventListener("change",function(e){var q=e.target.getAttribute("data-qty"),v=e.target.value.trim();if(!q)return;edit(function(c){if(c[q])c[q].quantity=/^\\d+$/.test(v)&&v>=1&&v<=MAX?+v:1});show()});
root.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest("[data-remove]");if(!b)return;edit(function(c){delete c[b.getAttribute("data-remove")]});show()});
addEventListener("storage",function(e){if(e.key===KEY)show()});
if(!ready())show();
})();`;
