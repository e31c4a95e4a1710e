/**
 * Everyday English that issue prose is full of and that says nothing to a reader about where the fix is: verbs of
 * using software (`run`, `work`, `help`), quantities and time (`many`, `since`, `after`), people (`users`), hedges and
 * courtesy. BM25 already weighs them by rarity in the repository; this list keeps them out of the words a reader is
 * shown (`Evidence.words`), where one `something` costs the place of an identifier. The tokenizer's `STOPWORDS` are
 * the function words dropped everywhere; these stay in the query, where a rare one can still help.
 */
export const PROSE_WORDS: ReadonlySet<string> = new Set(
  ("about above across actual actually add added adding after again against ago all allow allowed allows almost alone along " +
    "already although always among another anyone anything anyway anywhere appear appears around ask asked available away " +
    "back bad based basically because become becomes before behave behaves behavior behaviour being below best better " +
    "between big both break breaks broke broken bug bugs call called calling came case cases cause caused causes certain " +
    "change changed changes check checked clear clearly come comes coming completely correct correctly could couldn " +
    "currently day days describe described description despite didn different doesn doing done don down during each " +
    "easily easy either else end enough entire especially etc even ever every everyone everything exactly example " +
    "examples expect expected expecting explain fail failed failing fails far feel few find fine first fix fixed follow " +
    "following found fully further get gets getting give given gives go goes going gone good got great guess happen " +
    "happened happening happens hard haven having hello help helps here hey hi however idea ideally instead isn issue " +
    "issues it's keep kind know known last later least left less let like likely little long look looked looking looks " +
    "lot lots made main mainly make makes making many maybe mean means might mind minimal more most mostly much must " +
    "need needed needs never new next nice nothing now number occur occurs often ok okay old once one only other " +
    "others otherwise out output over own part particular perhaps please point possible possibly pretty probably " +
    "problem problems properly provide provided put quite rather real really reason related report reported reproduce " +
    "result results right run running runs said same saw say says second see seem seemed seems seen several should " +
    "shouldn show shown shows similar simple simply since small so something sometimes somewhere soon sorry still stuff " +
    "suggest suppose sure take taken takes tell thank thanks thing things think though thought through thus time times " +
    "today together tried tries try trying turn two under unless until upon use used useful user users uses using " +
    "update updated updates usual usually various version via want wanted wants wasn way ways well went whatever whether whole within without " +
    "won work worked working works worse wouldn wrong yes yet").split(" "),
);

/**
 * Words never shown to readers, even inside an identifier the issue writes: the parts of web addresses and import
 * paths (`github.com/acme/payments/refunds.(*Service).Refund`) and the receiver names every method holds.
 */
export const NOISE_WORDS: ReadonlySet<string> = new Set("com org net io www http https github gitlab self this".split(" "));
