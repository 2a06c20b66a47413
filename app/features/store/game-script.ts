import { CART_STORAGE_KEY, MAX_QUANTITY } from "~/domain/cart";

/**
 * The game page is served without the React runtime (docs/decisions/002): it works as plain forms,
 * and this small script (inlined) adds what needs no reload: the ID checked as it is typed
 * (POST /store/:game/check-id), each method's price and the total following the chosen package,
 * "add to cart" into the local cart (same format and one-game rule as domain/cart.ts), and the
 * top bar's cart count. Texts come translated from the page (#game-texts); prices come formatted
 * from the server on each package (data-price-<method>).
 */
export const GAME_SCRIPT = `(function(){
var root=document.querySelector("[data-game-page]");if(!root)return;
var form=root.querySelector("form"),T=JSON.parse(document.getElementById("game-texts").textContent);
var game=root.getAttribute("data-game"),checks=root.hasAttribute("data-checks-id"),zoned=root.hasAttribute("data-zone");
var idIn=form.elements.namedItem("playerId"),zoneIn=form.elements.namedItem("zone");
var slot=root.querySelector("[data-id-status]"),buy=root.querySelector("[data-buy]"),add=root.querySelector("[data-add]");
var note=root.querySelector("[data-cart-note]"),go=root.querySelector("[data-go-cart]"),btn=root.querySelector("[data-check-button]");
var KEY=${JSON.stringify(CART_STORAGE_KEY)},MAX=${MAX_QUANTITY};
var refused=root.hasAttribute("data-refused"),timer=0,seq=0;
function fill(t,v){return String(t).replace(/\\{\\{(\\w+)\\}\\}/g,function(_,k){return v[k]==null?"":v[k]})}
function el(tag,cls,test,text,role){var e=document.createElement(tag);e.className=cls;if(test)e.setAttribute("data-testid",test);if(role)e.setAttribute("role",role);e.textContent=text;return e}
function show(kind,text){slot.textContent="";if(!kind)return;
var cls={checking:"text-sm text-slate-300",valid:"text-sm font-semibold text-emerald-300",unchecked:"text-sm text-slate-300",error:"text-sm font-semibold text-rose-300"}[kind];
var test={checking:"player-checking",valid:"player-name",unchecked:"player-unchecked",error:"player-error"}[kind];
slot.appendChild(el("span",cls,test,text,kind==="error"?"alert":null))}
function errorText(a){var m=a.message?(T.errors[a.message]||a.message):"";return fill(T.errors[a.code]||T.errors.ORDER_FAILED,{message:m})}
function id(){return idIn.value.trim()}function zone(){return zoneIn?zoneIn.value.trim():""}
var last=root.getAttribute("data-checked")||"";
function ready(){return id()&&(!zoned||zone()||id().indexOf("-")>0)}
function check(){clearTimeout(timer);if(!checks||!ready())return;var k=id()+"|"+zone();if(k===last)return;last=k;var mine=++seq;show("checking",T.checking);
fetch(location.pathname.replace(/\\/$/,"")+"/check-id",{method:"POST",body:new URLSearchParams({playerId:id(),zone:zone()}),headers:{Accept:"application/json"}})
.then(function(r){return r.json()}).then(function(a){if(mine!==seq)return;
if(a.ok){refused=false;show(a.username?"valid":"unchecked",a.username?"\\u2713 "+fill(T.valid,{name:a.username}):T.unchecked)}
else{refused=a.code==="ID_INVALID";show("error",errorText(a))}sync()})
.catch(function(){if(mine===seq){last="";show("error",T.errors.CHECKER_UNAVAILABLE)}})}
function typed(){refused=false;seq++;if(checks)show(null);sync();clearTimeout(timer);timer=setTimeout(check,600)}
[idIn,zoneIn].forEach(function(i){if(i){i.addEventListener("input",typed);i.addEventListener("blur",check)}});
function picked(name){return form.querySelector('input[name="'+name+'"]:checked')}
function sync(){var p=picked("packageId"),m=picked("paymentMethod");
root.querySelectorAll("[data-method-price]").forEach(function(e){e.textContent=p?p.getAttribute("data-price-"+e.getAttribute("data-method-price")):e.getAttribute("data-empty")});
var t=root.querySelector("[data-total]");if(t){t.classList.toggle("hidden",!(p&&m));if(p&&m)t.querySelector("[data-total-amount]").textContent=p.getAttribute("data-price-"+m.value)}
buy.disabled=refused}
form.addEventListener("change",sync);
root.querySelectorAll("[data-saved-id]").forEach(function(a){a.addEventListener("click",function(e){e.preventDefault();idIn.value=a.getAttribute("data-player-id");if(zoneIn)zoneIn.value=a.getAttribute("data-zone")||"";typed();check()})});
function cart(){try{var c=JSON.parse(localStorage.getItem(KEY)||"{}");return c&&typeof c==="object"&&!Array.isArray(c)?c:{}}catch(e){return{}}}
function count(c){var n=0;for(var k in c){var q=c[k]&&c[k].quantity;if(q===Math.floor(q)&&q>=1&&q<=MAX)n+=q}return n}
function paint(){var n=count(cart()),e=document.querySelector('[data-testid="cart-count"]'),b=document.querySelector('[data-testid="cart-button"]');if(e)e.textContent=String(n);if(b)b.setAttribute("href",n?"/store/cart":location.pathname+"?notice=empty-cart");if(go)go.classList.toggle("hidden",n===0)}
function say(ok,text){note.textContent="";note.appendChild(el("span",ok?"text-emerald-300":"text-rose-300",null,text,ok?"status":"alert"))}
add.disabled=false;add.textContent=add.getAttribute("data-label");
add.addEventListener("click",function(){var p=picked("packageId");if(!p)return say(false,T.errors.PACKAGE_REQUIRED);
try{var c=cart(),other=null;for(var k in c){other=c[k]&&c[k].game;break}if(other&&other!==game)return say(false,T.oneGame);
var pid=p.value,now=c[pid]&&c[pid].quantity>=1?c[pid].quantity:0;
c[pid]={id:pid,label:p.getAttribute("data-label"),precio_usd:+p.getAttribute("data-usd"),precio_bs:+p.getAttribute("data-bs"),quantity:Math.min(MAX,now+1),game:game,gameImage:root.getAttribute("data-logo")||null};
localStorage.setItem(KEY,JSON.stringify(c));say(true,T.added);paint()}catch(e){say(false,T.addFailed)}});
if(btn)btn.classList.add("sr-only");
paint();sync();if(checks&&!last)check();
})();`;
