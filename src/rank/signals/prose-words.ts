/**
 * Everyday English that issue prose is full of and that says nothing to a reader about where the fix is: verbs of
 * using software (`run`, `work`, `help`), quantities and time (`many`, `since`, `after`), people (`users`), hedges and
 * courtesy. BM25 already weighs them by rarity in the repository; this list keeps them out of the words a reader is
 * shown (`Evidence.words`), where one `something` costs the place of an identifier. The tokenizer's `STOPWORDS` are
 * the function words dropped everywhere; these stay in the query, where a rare one can still help.
 */
export const PROSE_WORDS: ReadonlySet<string> = new Set(
  ("able about above according across actual actually add added adding addition additional adds affect affected " +
    "after again against ago aka all allow allowed allows almost alone along already alternative although always " +
    "among another anyone anything anyway anywhere appear appears applied applies appropriate arbitrarily aren around " +
    "ask asked assume assumes attempt available avoid avoids away back bad based basically because become becomes " +
    "before beginning behave behaves behavior behaviour being below best better between big both break breaks broke " +
    "broken bug bugs call called calling came cannot care careful case cases cause caused causes causing certain " +
    "change changed changes check checked circumstances clear clearly come comes coming complete completed completely " +
    "consider considered considering contain containing contains correct correctly correspond corresponding could " +
    "couldn course currently day days decided depend depending describe described description designed desired " +
    "despite details determine determined didn different directly doesn doing don done down due during each earlier " +
    "easily easy effects either else elsewhere encountered end enough ensure entire entirely equivalent especially " +
    "essentially etc even eventually ever every everyone everything exactly example examples exist existing expect " +
    "expected expecting explain explicitly extent fact fail failed failing fails far feel few find fine first fix " +
    "fixed follow followed following forgot forth found fully further get gets getting give given gives go goes going " +
    "gone good got gracefully great guess happen happened happening happens hard haven having hello help helps here " +
    "hey hi however idea ideally identical identified immediately important importantly including incorrect indicates " +
    "indicating information instead intended interest isn issue issues it's itself keep kind know known last later " +
    "lead leads least left less let like likely little lol long longer look looked looking looks lot lots made main " +
    "mainly make makes making manually many may maybe mean meaning meaningful means mention mentioned might mind " +
    "minimal more most mostly much multiple must named nearly necessary need needed needing needs never new next nice " +
    "note noted notes nothing notice now number occur occurs often ok okay old older omitted once one only original " +
    "other others otherwise out output over overall own part particular passed passing perform performed perhaps " +
    "please point points possible possibly potentially practice prefer preferred present presently pretty prevent " +
    "previous previously prior probably problem problematic problems produce produced produces properly provide " +
    "provided purpose put quick quickly quite rather reached ready real realize realized really reason reasons recent " +
    "recognize regarding related remain remember removed report reported reproduce requested requires result results " +
    "returning returns right roughly run running runs said same saw say says second see seem seemed seems seen sense " +
    "separate several should shouldn show shown shows significantly similar similarly simple simply since situations " +
    "slight slightly small so someone something sometimes somewhat somewhere soon sorry specific specifically " +
    "specified specify starting still strictly stuff subsequent suggest suggestion support supported supports suppose " +
    "sure take taken takes tell thank thanks therefore thing things think though thought three through thus time " +
    "times today together towards treated tried tries try trying turn twice two unable under unless unlike until up " +
    "update updated updates upon use used useful user users uses using usual usually various ve version via want " +
    "wanted wants wasn way ways welcome well went whatever whenever whereas whether whole within without won work " +
    "worked working works worse worth wouldn wrong wrt yes yet").split(" "),
);

/**
 * Words never shown to readers, even inside an identifier the issue writes: the parts of web addresses and import
 * paths (`github.com/acme/payments/refunds.(*Service).Refund`) and the receiver names every method holds.
 */
export const NOISE_WORDS: ReadonlySet<string> = new Set("com org net io www http https github gitlab self this".split(" "));
