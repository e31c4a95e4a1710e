import { buildLexicalIndex } from "../src/rank/lexical-index.js";
import { openIndexStore } from "../src/store/open-index-store.js";
const store = openIndexStore(`${process.env.HOME}/benchwork/stores-full/django__django.sqlite`);
let t = performance.now();
const corpus = store.loadCorpus();
console.log("load", Math.round(performance.now() - t), corpus.length);
for (let i = 0; i < 8; i++) { t = performance.now(); const c0 = process.cpuUsage(); buildLexicalIndex(corpus); const c = process.cpuUsage(c0); console.log("build wall", Math.round(performance.now() - t), "cpu", Math.round((c.user + c.system) / 1000)); }
store.close();
