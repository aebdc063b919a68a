/** Words that are never searched for: the grammar of a question and the verbs that ask it. */
export const STOPWORDS = new Set(
  `a about above after again against all also am an and any anybody anyone anything are aren't around as
  at be because been before being below between both but by can can't could couldn't day days did didn't
  do does doesn't doing don't down during each either else enough etc even ever every everybody everyone
  everything few for from further get gets getting give given go goes going gone got gotten had hadn't
  happen happened happening happens has hasn't have haven't having he her here hers herself him himself
  his how however i if in into is isn't it it's its itself just know last latest least less let like
  list lot lots many may me might month months more most much must my myself need needs new news next no
  nobody none nor not nothing now of off on once one only or other others otherwise our ours ourselves out
  over own past people per person please quite rather really recent recently regarding right said same
  say says see seem seemed seems shall she should show since so some somebody someone something sometime
  somewhere status still such summarise summarize summary team teams tell than thanks that that's the their
  theirs them themselves then there there's these they thing things this those though through thus to
  today too toward towards under until up update updates upon us very via was wasn't way we week weeks
  well were weren't what what's whats when where whether which while who who's whom whose why will with
  within without won't would wouldn't year years yet you your yours yourself`.split(/\s+/),
);

/** Verbs and nouns a question is asked with: "Who reported...", "Has anybody mentioned...". */
export const QUESTION_WORDS = new Set(
  `ask asked asking anyone anybody bring brought check checked checking checkin checkins check-in
  check-ins check-ups colleague colleagues currently everyone everybody find flag flagged folks guys hear
  heard members member mention mentioned mentioning mentions much note noted noting post posted posting
  posts raise raised raising report reported reporting reports say saying share shared sharing someone
  somebody speak spoke state stated talk talked talking tell telling told updated work works worked working
  write writes writing written wrote went going moment teammate teammates currently
  entries entry stuff ago log logs logged logging came come comes coming left leave leaves leaving`.split(
    /\s+/,
  ),
);

/**
 * Words that are also first or last names ("Will", "May", "Mark"): such a name counts only written with
 * a capital and not as the question's first word.
 */
export const NAME_WORDS = new Set(
  `will may mark bill grant sue rose hope joy faith pat art max frank jack june april august summer dawn
  chase drew lee guy ray sky amber ruby crystal hunter gene don dean page rob sandy wade miles cliff
  glen penny holly ivy iris lily daisy jade jean jay king young white brown black green stone wood hill
  long short little small cook baker rich sterling major early lane gray grey bond price case bell ward
  fox hall wall park ford reed`.split(/\s+/),
);

export const isPlainWord = (word: string) => STOPWORDS.has(word) || QUESTION_WORDS.has(word);
