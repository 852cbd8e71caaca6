/** The page's styles: logical properties (inline-start/end) so the Arabic page mirrors itself. */
export const PAGE_STYLE = `
:root{color-scheme:light;font:16px/1.5 system-ui,"Segoe UI","Noto Sans Arabic",Tahoma,sans-serif}
[hidden]{display:none!important}
body{margin:0 auto;max-width:72rem;padding:0 1rem 3rem}
header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;border-block-end:1px solid #ccc}
header nav{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
h1{font-size:1.4rem}h1 a{color:inherit;text-decoration:none}h2{font-size:1.15rem;margin-block-start:2rem}
button,.button{font:inherit;padding:.5rem 1rem;border:1px solid #555;border-radius:.3rem;background:#f4f4f4;color:#111;cursor:pointer;display:inline-block}
button.primary{background:#0b5394;color:#fff;border-color:#0b5394}
button:focus-visible,.button:focus-within,a:focus-visible,input:focus-visible{outline:3px solid #f6a400;outline-offset:2px}
#drop-zone{border:2px dashed #888;border-radius:.5rem;padding:1rem;text-align:center}
#drop-zone.over{background:#eef5ff;border-color:#0b5394}
#file{position:absolute;inline-size:1px;block-size:1px;opacity:0}
#file:focus-visible+*,#drop-zone:focus-within .button{outline:3px solid #f6a400}
.counts{display:flex;flex-wrap:wrap;gap:.75rem;margin:0;padding:0}
.count{border:1px solid #ccc;border-radius:.3rem;padding:.25rem .75rem;min-inline-size:7rem}
.count dt{font-size:.85rem;color:#444}.count dd{margin:0;font-size:1.3rem;font-weight:600}
.count.bad,.count.invalid,.count.failed,.count.unknown{border-color:#b00020}
.scroll{overflow-x:auto}
table{border-collapse:collapse;inline-size:100%}
th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:start;vertical-align:top}
tr.error td{background:#fff0f0}tr.warning td{background:#fffbe6}
caption{text-align:start;font-weight:600;padding:.5rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-block-start:1rem}
progress{inline-size:100%;block-size:1.5rem}
.error{color:#b00020}.mode{color:#444}.sandbox{background:#fff4ce;border:1px solid #e0b400;padding:.5em .75em}
ul.inline{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;padding:0;margin:0}
details{border:1px solid #ccc;border-radius:.5rem;padding:0 1rem;margin-block-start:1rem}
details[open]{padding-block-end:1rem}
summary{cursor:pointer;padding:.5rem 0}summary h2{display:inline;margin:0;font-size:1.15rem}
summary:focus-visible{outline:3px solid #f6a400;outline-offset:2px}
details.engineers{border:0;padding:0;margin-block-start:.35rem;color:#444;font-size:.85rem}
details.engineers summary{padding:0}details.engineers p{margin-block:.25rem}
.panels{margin-block-start:2rem}
.folders{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem}
.folder h3{font-size:1rem;margin-block-end:.25rem}.folder ul{padding-inline-start:1.2rem;margin:0}
.folder li{overflow-wrap:anywhere;margin-block-end:.35rem}
.drop-status.needs_fix,.drop-status.nothing_synced,.drop-status.failed{color:#b00020}
#store-switch{display:flex;gap:.5rem;align-items:center}
select{font:inherit;padding:.4rem;border:1px solid #555;border-radius:.3rem;max-inline-size:16rem}
select:focus-visible{outline:3px solid #f6a400;outline-offset:2px}
.acting-store{align-self:center;color:#333}.acting-store bdi,.store-current bdi{font-weight:600}
dialog{max-inline-size:32rem;border:1px solid #555;border-radius:.5rem;padding:1rem 1.5rem}
dialog::backdrop{background:rgb(0 0 0/.4)}dialog h2{margin-block-start:0}
dl.confirm dt{font-size:.85rem;color:#444}dl.confirm dd{margin:0 0 .75rem;overflow-wrap:anywhere}
.hint{color:#444;margin-block:.25rem}
.guard{border:2px solid #b00020;border-radius:.5rem;padding:0 1rem 1rem;margin-block-start:1rem}
.guard h2:focus{outline:3px solid #f6a400}
ul.changes{margin:0;padding-inline-start:1.2rem}.not-seen,.change-note{margin:0;color:#444;font-style:italic}
.empty{color:#666}
tr.invalid td,tr.failed td{background:#fff0f0}tr.unknown td{background:#fffbe6}
code{font-family:ui-monospace,monospace;background:#f4f4f4;padding:0 .25rem;white-space:nowrap}
table.grid td{padding:.2rem}table.grid input{font:inherit;inline-size:100%;min-inline-size:6rem;box-sizing:border-box;padding:.25rem;border:1px solid #888;border-radius:.2rem}
table.grid td.edited input{background:#eef5ff;border-color:#0b5394}
table.grid input[aria-invalid=true]{border-color:#b00020;border-width:2px}
table.grid input:disabled{background:#f4f4f4;color:#333}
.cell-error{display:block;color:#b00020;font-size:.85rem}
.row-state[data-row-outcome]{font-weight:600}.row-state[data-row-outcome=created],.row-state[data-row-outcome=updated]{color:#1b6e20}
.sr-only{position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (max-width:40rem){th,td{font-size:.9rem}.count{min-inline-size:5rem}
table.cards thead{position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip-path:inset(50%)}
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block}
table.cards tr{border:1px solid #ccc;margin-block-end:.5rem}table.cards td{border:0}
table.cards td[data-label]::before{content:attr(data-label);display:block;font-size:.8rem;color:#444}}
`;
