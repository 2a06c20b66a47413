import { TOAST_JS } from "~/components/ui/toast";

/**
 * The payment page is served without the React runtime (docs/decisions/002). Without JavaScript the
 * proof form is a plain multipart post and errors come back as `?error=` on the page. This inlined
 * script adds: the copy buttons (with a toast), the file checks that spare a useless upload (the
 * server still checks everything, content included), and the upload through XMLHttpRequest, the one
 * API that reports upload progress, which matters on a slow phone; the server then answers JSON.
 * Texts come translated from the page (#pay-texts).
 */
export const PAY_SCRIPT = `(function(){
var root=document.querySelector("[data-pay-page]");if(!root)return;
var T=JSON.parse(document.getElementById("pay-texts").textContent),form=root.querySelector("form[data-proof]");
var slot=root.querySelector("[data-error-slot]"),tpl=document.getElementById("proof-error-template");
var toast=${TOAST_JS};
root.querySelectorAll("[data-copy]").forEach(function(b){b.hidden=false;b.addEventListener("click",function(){
var p=navigator.clipboard?navigator.clipboard.writeText(b.getAttribute("data-copy")):Promise.reject();
p.then(function(){toast("success",b.getAttribute("data-copied"))},function(){toast("error",b.getAttribute("data-copy-failed"))})})});
function error(code){slot.textContent="";if(!code)return;var a=tpl.content.firstElementChild.cloneNode(true);a.textContent=T.errors[code]||T.errors.UNEXPECTED;slot.appendChild(a)}
if(!form)return;var button=form.querySelector("[type=submit]"),label=button.textContent,bar=null;
function progress(p){if(p===null){if(bar)bar.remove();bar=null;button.disabled=false;button.textContent=label;return}
if(!bar){bar=document.createElement("div");bar.setAttribute("role","progressbar");bar.setAttribute("aria-valuemin","0");bar.setAttribute("aria-valuemax","100");
bar.setAttribute("data-testid","upload-progress");bar.className="h-2 overflow-hidden rounded-full bg-slate-800";
bar.appendChild(document.createElement("div")).className="h-full bg-gradient-to-r from-cyan-400 to-purple-500 transition-all";button.before(bar)}
bar.setAttribute("aria-valuenow",p);bar.firstChild.style.width=p+"%";button.disabled=true;button.textContent=T.sending.replace("{{percent}}",p)}
form.addEventListener("submit",function(e){e.preventDefault();var body=new FormData(form),file=body.get("receipt");
if(form.hasAttribute("data-needs-file")){if(!(file instanceof File&&file.size>0))return error("FILE_REQUIRED");
if(file.size>Number(form.getAttribute("data-max-bytes")))return error("FILE_TOO_LARGE")}
error(null);progress(0);var x=new XMLHttpRequest();x.open("POST",form.action);x.setRequestHeader("Accept","application/json");
x.upload.onprogress=function(p){if(p.lengthComputable)progress(Math.round(p.loaded/p.total*100))};
x.onload=function(){var a;try{a=JSON.parse(x.responseText)}catch(_){a={ok:false,code:"UNEXPECTED"}}
if(a.ok&&a.redirectTo)return location.assign(a.redirectTo);progress(null);error(a.code||"VERIFICATION_FAILED")};
x.onerror=function(){progress(null);error("UNEXPECTED")};x.send(body)});
})();`;
