// The console's one stylesheet, inline under the page's content policy: readable on a phone first,
// visible focus, and contrast that passes WCAG AA.
export const CONSOLE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f7f7f5}
header{background:#14365d;color:#fff;padding:.5rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
header a,header button{color:#fff}
header nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
header form{margin:0 0 0 auto}
header button{background:none;border:1px solid #fff;border-radius:4px;padding:.25rem .75rem;font:inherit;cursor:pointer}
footer{border-top:1px solid #ccc;margin-top:2rem;padding:.75rem 1rem}
footer form.language{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
a{color:#0b4f9c}
a:focus,button:focus,input:focus,select:focus,textarea:focus{outline:3px solid #f2a900;outline-offset:2px}
form.stack{display:grid;gap:.75rem;max-width:28rem}
fieldset{border:1px solid #999;border-radius:4px;padding:.5rem .75rem}
label{display:block;font-weight:600}
input,select,textarea{font:inherit;padding:.4rem;border:1px solid #666;border-radius:4px;width:100%;max-width:28rem;background:#fff}
input[type=checkbox],input[type=radio]{width:auto}
.check{font-weight:400;display:flex;gap:.4rem;align-items:center}
button.primary{background:#14365d;color:#fff;border:0;border-radius:4px;padding:.5rem 1rem;font:inherit;cursor:pointer}
button.danger{background:#fff;color:#a4161a;border:1px solid #a4161a;border-radius:4px;padding:.25rem .6rem;font:inherit;cursor:pointer}
.hint{color:#4a4a4a;font-size:.9rem;font-weight:400}
.error{background:#fde8e8;border-left:4px solid #a4161a;padding:.5rem .75rem}
.once{background:#fff8e1;border-left:4px solid #8a6100;padding:.5rem .75rem;overflow-wrap:anywhere}
.scroll{overflow-x:auto}
[aria-labelledby=activity-title] td{overflow-wrap:anywhere;min-width:4.5rem}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}
code{overflow-wrap:anywhere}
svg.qr{width:12rem;height:12rem}
.tiers{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,24rem),1fr))}
.tiers section{min-width:0}
pre{margin:0;background:#fff;padding:.5rem;font-size:.85rem}
progress{width:100%;max-width:28rem;height:1rem}
.ticks{display:grid}
.ticks>.tick{grid-area:1/1;background:#f7f7f5}
.ticks>.tick:not(:last-child){visibility:hidden}
.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}
.filters input,.filters select{width:auto}
.passport-form{display:grid;gap:.75rem;max-width:40rem}
.passport-form fieldset{display:grid;gap:.75rem;min-width:0}
.passport-form legend{font-weight:600}
.field{display:grid;gap:.2rem}
.field.invalid input,.field.invalid select,.field.invalid textarea{border:2px solid #a4161a}
.field-error{color:#a4161a;font-weight:600}
textarea.json{font-family:monospace;font-size:.85rem}
button.secondary{background:#fff;color:#14365d;border:1px solid #14365d;border-radius:4px;padding:.25rem .75rem;font:inherit;cursor:pointer}
.field-error{display:block;color:#a4161a;font-weight:600}
.mark{display:block;color:#6b3e00;font-weight:600}
[aria-invalid=true]{border:2px solid #a4161a}
.label{font-weight:600}
a.named{position:relative}
.badge{display:inline-block;border-radius:1rem;padding:0 .6rem;font-size:.85rem;font-weight:600;color:#fff;background:#4a4a4a;white-space:nowrap}
.status-ACTIVE{background:#1a6b2f}.status-RECALLED{background:#a4161a}.status-DRAFT{background:#5a4a00}
.subtitle{margin:-.5rem 0 1rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dl.facts dd{margin:0;min-width:0;overflow-wrap:anywhere}
ul.tabs{list-style:none;padding:0;margin:0 0 .75rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
details{background:#fff;border:1px solid #ddd;border-radius:4px;margin:.25rem 0;padding:.25rem .75rem}
summary{cursor:pointer;font-weight:600;padding:.25rem 0}
.public-data dl{margin:.25rem 0 .5rem}.public-data dt{font-weight:600}.public-data dd{margin:0 0 .4rem 1rem;overflow-wrap:anywhere}
.public-data ol.items,.public-data ul.values{padding-left:1.25rem;margin:0}
.cards{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,13rem),1fr));list-style:none;padding:0;margin:0}
.cards li{background:#fff;border:1px solid #ddd;border-radius:4px;padding:.5rem .75rem}
.cards .count{display:block;font-size:1.6rem;font-weight:700}
.chart svg{width:100%;max-width:40rem;height:auto;background:#fff}.chart .grid{stroke:#ccc}.chart .line{fill:none;stroke:#1a6b2f;stroke-width:2}.chart circle{fill:#1a6b2f}.chart text{font-size:12px;fill:#333}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.list-item{border-left:3px solid #c5cfdc;padding-left:.6rem;margin:.5rem 0}.list-item>button{margin-top:.25rem}
`;
