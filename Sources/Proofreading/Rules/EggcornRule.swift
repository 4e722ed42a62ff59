import Foundation

/// Flags a sound-alike word in a fixed phrase, the eggcorns and malapropisms that spelling
/// checkers pass because every word is real: “make due with” → “make do with”, “piece of mind” →
/// “peace of mind”, “hunger pains” → “hunger pangs”, “a shoe-in” → “a shoo-in”, “beyond the pail”
/// → “beyond the pale”, “one foul swoop” → “one fell swoop”, “vocal chords” → “vocal cords”, “mine
/// as well” → “might as well”, “for awhile” → “for a while”, “in tact” → “intact”.
///
/// Follows the common entries of Garner's *Modern English Usage* (“eggcorns”, “malapropisms” and
/// the word-pair entries), Merriam-Webster's usage notes, the Eggcorn Database and Wikipedia's
/// “List of commonly misused English words”, as LanguageTool's phrase rules in `TYPOS` and
/// `CONFUSED_WORDS` (grammar.xml) and Harper's phrase corrections do. The phrases are data
/// (``PhraseTable``): only phrases wrong in every context are listed, with a word of context
/// where the phrase alone could be right (“made due [with]”, not “payments made due to …”), and
/// a phrase with a capital inside (a title: “Piece of Mind”) is left alone. The phrases that
/// ``NonstandardPhraseRule`` lists stay there.
public struct EggcornRule: Rule {
    /// Stable rule ID.
    public let id = "EN_EGGCORN"
    /// Commonly confused words (``RuleCategory/confusedWords``).
    public let category = RuleCategory.confusedWords
    /// One line saying what the rule checks.
    public let summary = "A sound-alike word in a fixed phrase (“make due with” → “make do with”)"

    /// Creates the rule.
    public init() {}

    /// `pattern` and `fix` with `{}` replaced by each pair of `forms` (wrong form, right form).
    static func expand(_ pattern: String, _ fix: String, _ forms: [(String, String)]) -> [(pattern: String, fix: String)] {
        forms.map { (PhraseTable.fill(pattern, $0.0), PhraseTable.fill(fix, $0.1)) }
    }
    /// The same word on both sides of each pair.
    static func same(_ words: String) -> [(String, String)] { words.split(separator: " ").map { (String($0), String($0)) } }
    static let owners = "my your his her our their its"
    static let objects = "me him her them us you it"

    /// The phrases: pattern (see ``PhraseTable``) and the words that replace the words outside brackets.
    static let phrases: [(pattern: String, fix: String)] = [
        ("piece of mind", "peace of mind"), ("hunger pains", "hunger pangs"),
        ("shoe-in", "shoo-in"), ("shoe-ins", "shoo-ins"),
        ("died in the wool [!shed|sheds|store|trade|industry|market]", "dyed-in-the-wool"), ("died-in-the-wool", "dyed-in-the-wool"),
        ("beyond the pail", "beyond the pale"), ("chalk full", "chock-full"), ("chalk-full", "chock-full"),
        ("egg yoke", "egg yolk"), ("egg yokes", "egg yolks"), ("forgone conclusion", "foregone conclusion"),
        ("far gone conclusion", "foregone conclusion"), ("hair's breath", "hair's breadth"), ("hairs breadth", "hair's breadth"),
        ("hairs breath", "hair's breadth"), ("hay day", "heyday"), ("hey day", "heyday"),
        ("tender hooks", "tenterhooks"), ("unchartered territory", "uncharted territory"),
        ("unchartered territories", "uncharted territories"), ("unchartered waters", "uncharted waters"),
        ("chester drawers", "chest of drawers"), ("chester draws", "chest of drawers"), ("waist side", "wayside"),
        ("by the way side", "by the wayside"), ("hair brained", "harebrained"), ("hair-brained", "harebrained"),
        ("[in] lew [of]", "lieu"), ("[in] leu [of]", "lieu"), ("[in] liu [of]", "lieu"), ("low and behold", "lo and behold"),
        ("mother load", "mother lode"), ("one foul swoop", "one fell swoop"), ("one fowl swoop", "one fell swoop"),
        ("par for the coarse", "par for the course"), ("peddle to the metal", "pedal to the metal"),
        ("petal to the metal", "pedal to the metal"), ("quote on quote", "quote unquote"),
        ("tough road to hoe", "tough row to hoe"), ("hard road to hoe", "hard row to hoe"), ("long road to hoe", "long row to hoe"),
        ("brass tax", "brass tacks"), ("cold slaw", "coleslaw"), ("cross to bare", "cross to bear"), ("crosses to bare", "crosses to bear"),
        ("daring-do", "derring-do"), ("dire straights", "dire straits"), ("far be it for me", "far be it from me"),
        ("struck by lightening", "struck by lightning"), ("lightening bolt", "lightning bolt"), ("lightening bolts", "lightning bolts"),
        ("lightening strike", "lightning strike"), ("lightening strikes", "lightning strikes"), ("thunder and lightening", "thunder and lightning"),
        ("lightening fast", "lightning-fast"), ("lightening-fast", "lightning-fast"), ("lightening rod", "lightning rod"),
        ("marshal law", "martial law"), ("marshall law", "martial law"), ("marshal arts", "martial arts"), ("marshall arts", "martial arts"),
        ("new leash on life", "new lease on life"), ("pitcher perfect", "picture-perfect"), ("pitcher-perfect", "picture-perfect"),
        ("viscous circle", "vicious circle"), ("viscous cycle", "vicious cycle"), ("vicious cirlce", "vicious circle"),
        ("trail and error", "trial and error"), ("vocal chords", "vocal cords"), ("vocal chord", "vocal cord"),
        ("blessing in the skies", "blessing in disguise"), ("anchors away", "anchors aweigh"), ("all be it", "albeit"),
        ("as apposed to", "as opposed to"), ("as oppose to", "as opposed to"), ("back and fourth", "back and forth"),
        ("eeked out", "eked out"), ("eeking out", "eking out"), ("eek out [a|an|the|his|her|their|our|my|your|enough|some]", "eke out"),
        ("for awhile", "for a while"), ("in awhile", "in a while"), ("after awhile", "after a while"), ("quite awhile", "quite a while"),
        ("[!lacking|lack|lacks|lacked|short|deficient|wanting] in tact", "intact"), ("nipped it in the butt", "nipped it in the bud"), ("nipping it in the butt", "nipping it in the bud"),
        ("nip this in the butt", "nip this in the bud"), ("nip that in the butt", "nip that in the bud"), ("nipped in the butt", "nipped in the bud"),
        ("different tact", "different tack"), ("basic tenants", "basic tenets"), ("core tenants", "core tenets"),
        ("fundamental tenants", "fundamental tenets"), ("central tenants", "central tenets"),
        ("for all intense and purposes", "for all intents and purposes"), ("for all intensive purpose", "for all intents and purposes"),
        ("deep-seeded", "deep-seated"), ("cut the muster", "cut the mustard"), ("sight for soar eyes", "sight for sore eyes"),
        ("imminent domain", "eminent domain"), ("grin and bare it", "grin and bear it"), ("no holds bared", "no holds barred"),
        ("up the anti", "up the ante"), ("raise the anti", "raise the ante"), ("upped the anti", "upped the ante"),
        ("fowl play", "foul play"), ("in the same vain", "in the same vein"),
        ("along the same vain", "along the same vein"),
        ("spurt of the moment", "spur of the moment"), ("rained supreme", "reigned supreme"), ("reined supreme", "reigned supreme"),
        ("stark raven mad", "stark raving mad"), ("through the ringer", "through the wringer"), ("sparing partner", "sparring partner"),
        ("sparing partners", "sparring partners"), ("carte blanc", "carte blanche"), ("visa versa", "vice versa"), ("vise versa", "vice versa"),
        ("status quote", "status quo"), ("neck in neck", "neck and neck"), ("part and partial", "part and parcel"),
        ("rest assure", "rest assured"), ("scott free", "scot-free"), ("wheel barrel", "wheelbarrow"), ("wheel barrels", "wheelbarrows"),
        ("corn beef", "corned beef"), ("upmost importance", "utmost importance"), ("upmost respect", "utmost respect"),
        ("upmost care", "utmost care"), ("baring in mind", "bearing in mind"), ("bare with us", "bear with us"),
        ("soft peddle", "soft-pedal"), ("soft-peddle", "soft-pedal"), ("soft peddled", "soft-pedaled"), ("soft-peddled", "soft-pedaled"),
        ("soft peddling", "soft-pedaling"), ("soft-peddling", "soft-pedaling"), ("on tenderhooks", "on tenterhooks"),
        ("make ends meat", "make ends meet"), ("making ends meat", "making ends meet"), ("made ends meat", "made ends meet"),
        ("take it for granite", "take it for granted"), ("took it for granite", "took it for granted"),
        ("taking it for granite", "taking it for granted"), ("took for granite", "took for granted"), ("taking for granite", "taking for granted"),
        ("play it by year", "play it by ear"), ("played it by year", "played it by ear"), ("playing it by year", "playing it by ear"),
        ("bowl in a china shop", "bull in a china shop"), ("hone in on", "home in on"), ("honed in on", "homed in on"),
        ("honing in on", "homing in on"), ("hones in on", "homes in on"),
        ("[i|we|you|they|he|she|it|one] mine as well", "might as well"), ("[i|we|you|they|he|she|it|one] mind as well", "might as well"),
        ("[was|were|is|be|been] all for not", "all for naught"),
        // Homophones in fixed phrases (Garner's word-pair entries; LanguageTool's confusion rules).
        ("[i'm|am|we're|they're|you're|he's|she's] [not] adverse [to]", "averse"), ("air born", "airborne"), ("water born", "waterborne"), ("food born", "foodborne"),
        ("coffee brake", "coffee break"), ("lunch brake", "lunch break"), ("take a brake [!pad|pads|fluid|line|lines|disc|discs|cable|lever|light|shoe|shoes]", "take a break"),
        ("took a brake [!pad|pads|fluid|line|lines|disc|discs|cable|lever|light|shoe|shoes]", "took a break"),
        ("taking a brake [!pad|pads|fluid|line|lines|disc|discs|cable|lever|light|shoe|shoes]", "taking a break"),
        ("lose site of", "lose sight of"), ("lost site of", "lost sight of"), ("losing site of", "losing sight of"),
        ("illicit a [response|reaction|answer|confession|smile|laugh]", "elicit a"), ("in the throws of", "in the throes of"),
        ("shutter to think", "shudder to think"), ("whine and dine", "wine and dine"), ("bare the brunt", "bear the brunt"),
        ("bear minimum", "bare minimum"), ("bear bones", "bare bones"), ("[with|his|her|my|their|our|your] bear [hands|feet]", "bare"),
        ("bored of directors", "board of directors"), ("spinal chord", "spinal cord"), ("umbilical chord", "umbilical cord"),
        ("[bid|bade|bids|bidding] fair well", "farewell"), ("hardy meal", "hearty meal"), ("hardy laugh", "hearty laugh"),
        ("hardy breakfast", "hearty breakfast"), ("naval gazing", "navel-gazing"), ("naval-gazing", "navel-gazing"),
        ("color pallet", "color palette"), ("colour pallet", "colour palette"), ("pallet cleanser", "palate cleanser"),
        ("roll model", "role model"), ("roll models", "role models"), ("starring roll", "starring role"), ("title roll", "title role"),
        ("heart and sole", "heart and soul"), ("sole mate", "soul mate"), ("sole mates", "soul mates"), ("sole searching", "soul-searching"),
        ("waist of time", "waste of time"), ("waist of money", "waste of money"), ("waste line", "waistline"),
        ("wait loss", "weight loss"), ("lose wait", "lose weight"), ("weather or not", "whether or not"),
        ("whole in one", "hole in one"), ("black whole [!grain|grains|wheat|food|foods|milk]", "black hole"), ("black wholes", "black holes"),
        ("nerves of steal", "nerves of steel"), ("stainless steal", "stainless steel"), ("fairy tail", "fairy tale"),
        ("fairy tails", "fairy tales"), ("tell-tail", "telltale"), ("tell tail", "telltale"), ("plane sight", "plain sight"),
        ("plane and simple", "plain and simple"), ("birds of pray", "birds of prey"), ("easy pray", "easy prey"),
        ("chocolate moose", "chocolate mousse"), ("[walk|walked|walking|walks|walks] down the isle", "down the aisle"),
        ("bridle shower", "bridal shower"), ("bridle party", "bridal party"), ("bridle gown", "bridal gown"),
        ("cereal killer", "serial killer"), ("cereal killers", "serial killers"), ("cereal number", "serial number"),
        ("solar flair", "solar flare"), ("solar flairs", "solar flares"), ("gorilla warfare", "guerrilla warfare"),
        ("optical allusion", "optical illusion"), ("optical allusions", "optical illusions"), ("wide birth", "wide berth"),
        ("breech of contract", "breach of contract"), ("breech of trust", "breach of trust"), ("breech of security", "breach of security"),
        ("breech of duty", "breach of duty"), ("[in] the calvary", "the cavalry"), ("grizzly murder", "grisly murder"),
        ("grizzly details", "grisly details"), ("tight reign", "tight rein"), ("rein supreme", "reign supreme"),
        ("rain supreme", "reign supreme"), ("by shear luck", "by sheer luck"), ("shear luck", "sheer luck"), ("shear size", "sheer size"),
        ("shear number of", "sheer number of"), ("shear volume of", "sheer volume of"), ("shear will", "sheer will"),
        ("two peas in a pot", "two peas in a pod"), ("slippery slop", "slippery slope"), ("peace of cake", "piece of cake"),
        ("peace and quite", "peace and quiet"),
        // “a peace of paper” → “a piece of paper” (a piece is a part; peace is calm): after a
        // word that counts (“a”, “another”, “small”), not “the Peace of Westphalia” nor “peace of mind”.
        ("[a|one|another|each|every|small|tiny|little|big|large|thin|single|last|first|second|whole] peace of [!mind|heart]", "piece of"),
        ("[two|three|four|five|many|some|few|several|small|tiny|little|big|large|thin|other] peaces of", "pieces of"),
        ("[into|to] peaces", "pieces"), ("to and throw", "to and fro"), ("let sleeping dogs lay", "let sleeping dogs lie"),
        ("lip sink", "lip-sync"), ("lip-sink", "lip-sync"), ("sell-buy date", "sell-by date"), ("sell buy date", "sell-by date"),
        ("happy median", "happy medium"), ("rule the roast", "rule the roost"), ("once in for all", "once and for all"),
        ("prose and cons", "pros and cons"), ("[all|tried|try|trying|died] in vein", "in vain"), ("at arms length", "at arm's length"),
        // Phrases with a mistaken word that Harper's phrase corrections also list.
        ("on face value", "at face value"), ("turn for the worst", "turn for the worse"), ("worst and worst", "worse and worse"),
        ("in of itself", "in and of itself"), ("sneaky suspicion", "sneaking suspicion"), ("let along", "let alone"),
        ("real trooper", "real trouper"), ("suffice to say", "suffice it to say"), ("[avoid|avoided|avoiding|avoids] [it|them|him|her|this|that|me|us|you] like the plaque", "like the plague"),
        ("[spread|spreads|spreading|spread] like the plaque", "like the plague"),
        ("operative system", "operating system"), ("operative systems", "operating systems"), ("fast paste", "fast-paced"),
        ("fast-paste", "fast-paced"), ("as of lately", "as of late"), ("point is mute", "point is moot"),
        ("half hazard", "haphazard"), ("half-hazard", "haphazard"), ("half hazardly", "haphazardly"), ("half-hazardly", "haphazardly"),
        ("ban together", "band together"), ("banned together", "banded together"), ("banning together", "banding together"),
        ("do to the fact", "due to the fact"),
        // More homophones in fixed phrases.
        ("alma matter", "alma mater"), ("prostrate cancer", "prostate cancer"), ("prostrate gland", "prostate gland"),
        ("conscience decision", "conscious decision"), ("conscience choice", "conscious choice"), ("conscience effort", "conscious effort"),
        ("guilty conscious", "guilty conscience"), ("hair die", "hair dye"), ("aircraft hanger", "aircraft hangar"),
        ("airplane hanger", "airplane hangar"), ("marital arts", "martial arts"), ("martial status", "marital status"),
        ("martial problems", "marital problems"), ("brooch the subject", "broach the subject"),
        ("brooch the topic", "broach the topic"), ("right on queue", "right on cue"), ("high steaks", "high stakes"),
        ("stake knife", "steak knife"), ("stake knives", "steak knives"), ("stake dinner", "steak dinner"), ("wild bore", "wild boar"),
        ("wild bores", "wild boars"), 
        ("colonel of truth", "kernel of truth"),
        ("cookie doe", "cookie dough"), ("pizza doe", "pizza dough"), ("flea the country", "flee the country"), ("flea the scene", "flee the scene"),
        ("all-purpose flower", "all-purpose flour"), ("[achilles] heal", "heel"), ("pulled a mussel", "pulled a muscle"),
        ("mussel cramp", "muscle cramp"), ("mussel cramps", "muscle cramps"), ("mussel mass", "muscle mass"), ("mussel pain", "muscle pain"),
        ("window pain", "window pane"), ("window pains", "window panes"), ("pain of glass", "pane of glass"),
        ("pier pressure", "peer pressure"), ("pier review", "peer review"), ("pier-reviewed", "peer-reviewed"),
        ("at the seems", "at the seams"), 
        ("[a|one] weak [ago]", "week"), ("[two|three|four|few|several|many] weaks [ago]", "weeks"),
        ("strait and narrow", "straight and narrow"), ("lose cannon", "loose cannon"), ("lose ends", "loose ends"),
        ("tow the party line", "toe the party line"), ("neck of the wood", "neck of the woods"),
        ("auger well", "augur well"), ("augers well", "augurs well"), ("auger badly", "augur badly"), ("augers badly", "augurs badly"),
        // “exited” for “excited” after a degree word; “passed” for “past” after a verb of motion.
        ("[so] exited", "excited"), ("[very] exited", "excited"), ("[really] exited", "excited"), ("[too] exited", "excited"),
        ("[went] passed", "past"), ("[go] passed", "past"), ("[goes] passed", "past"), ("[came] passed", "past"), ("[run] passed", "past"),
        ("[walk] passed", "past"), ("[drive] passed", "past"), ("[rode] passed", "past"), ("[flew] passed", "past"),
        // A sound-alike in a context that settles the word: only the word is replaced (“won a
        // [price]” → “prize”, “of Asian [decent]” → “descent”, “error [massage]” → “message”).
        ("[won] [a] price", "prize"), ("[won] [the] price", "prize"), ("[win] [a] price", "prize"), ("[win] [the] price", "prize"),
        ("[nobel] price", "prize"), ("[of] [asian] decent", "descent"), ("[of] [african] decent", "descent"),
        ("[of] [european] decent", "descent"), ("[of] [irish] decent", "descent"), ("[of] [mexican] decent", "descent"),
        ("[of] [italian] decent", "descent"), ("[of] [german] decent", "descent"), ("[of] [indian] decent", "descent"),
        ("[of] [chinese] decent", "descent"), ("[of] [japanese] decent", "descent"), ("[of] [korean] decent", "descent"),
        ("[of] [jewish] decent", "descent"), ("[error] massage", "message"), ("[text] massage", "message"),
        ("[left] [a] massage", "message"), ("[leave] [a] massage", "message"), ("[send] [a] massage", "message"),
        ("[sent] [a] massage", "message"), ("[a] [deep] breathe", "breath"), ("[take] [a] breathe", "breath"),
        ("[took] [a] breathe", "breath"), ("[out] [of] breathe", "breath"), ("[hold] [your] breathe", "breath"),
        ("[held] [my] breathe", "breath"), ("[held] [her] breathe", "breath"), ("[held] [his] breathe", "breath"),
        ("[under] [my] breathe", "breath"), ("[under] [his] breathe", "breath"), ("[under] [her] breathe", "breath"),
        ("[can't] breath", "breathe"), ("[cannot] breath", "breathe"), ("[couldn't] breath", "breathe"),
        ("[to] breath [in]", "breathe"), ("whether [forecast]", "weather"), ("whether [conditions]", "weather"),
        ("[bad] whether", "weather"), ("[the] whether [is]", "weather"), ("[ask] weather", "whether"), ("[asked] weather", "whether"),
        ("[wonder] weather", "whether"), ("[decide] weather", "whether"), ("[in] [plain] site", "sight"),
        ("[at] [first] site", "sight"), ("[line] [of] site", "sight"), ("[web] sight", "site"), ("[construction] sight", "site"),
        ("[camp] sight", "site"), ("[building] sight", "site"), ("[play] [a] roll", "role"), ("[plays] [a] roll", "role"),
        ("[played] [a] roll", "role"), ("[playing] [a] roll", "role"), ("[key] roll", "role"), ("[leading] roll", "role"),
        ("[a] waist [of]", "waste"), ("[toxic] waist", "waste"), ("[bus] fair", "fare"), ("[train] fair", "fare"),
        ("[taxi] fair", "fare"), ("fair [evasion]", "fare"), ("naval [piercing]", "navel"), ("[body] [and] sole", "soul"),
        ("soul [purpose]", "sole"), ("soul [owner]", "sole"), ("[heads] [or] tales", "tails"), ("[went] threw", "through"),
        ("[go] threw", "through"), ("[goes] threw", "through"), ("throne [away]", "thrown"), ("throne [out]", "thrown"),
        ("[think] allowed", "aloud"), ("complementary [breakfast]", "complimentary"), ("complementary [drinks]", "complimentary"),
        ("complementary [tickets]", "complimentary"), ("[legal] council", "counsel"), ("[seek] council", "counsel"),
        ("eminent [danger]", "imminent"), ("eminent [threat]", "imminent"), ("eminent [death]", "imminent"),
        ("hoards [of] [people]", "hordes"), ("hoards [of] [tourists]", "hordes"), ("hoards [of] [fans]", "hordes"),
        ("[color] palate", "palette"), ("[camera] shudder", "shutter"), ("shudder [speed]", "shutter"), ("alter [boy]", "altar"),
        ("alter [boys]", "altar"), ("[wedding] alter", "altar"), ("[wait] [in] cue", "queue"), ("[take] [your] queue", "cue"),
        ("[took] [his] queue", "cue"), ("duel [citizenship]", "dual"), ("duel [core]", "dual"), ("duel [purpose]", "dual"),
        ("dual [to] [the] [death]", "duel"), ("[lion's] main", "mane"), ("[horse's] main", "mane"), ("[fell] pray [to]", "prey"),
        ("[fall] pray [to]", "prey"), ("where [a] [mask]", "wear"), ("where [sunscreen]", "wear"), ("[hit] [the] breaks", "brakes"),
        ("[slammed] [on] [the] breaks", "brakes"), ("break [pedal]", "brake"), ("break [pads]", "brake"),
        ("desert [menu]", "dessert"), ("desert [spoon]", "dessert"), ("[to] [a] [certain] extend", "extent"),
        ("[to] [some] extend", "extent"), ("[to] [what] extend", "extent"), ("[to] [the] extend [that]", "extent"),
        ("[to] [a] [large] extend", "extent"), ("[take] case [of]", "care"), ("[took] case [of]", "care"),
        ("[taking] case [of]", "care"), ("[the] route [cause]", "root"), ("route [of] [the] [problem]", "root"),
        ("route [of] [all] [evil]", "root"), ("[many] complains", "complaints"), ("[no] complains", "complaints"),
        ("[the] complains", "complaints"), ("[any] complains", "complaints"), ("[my] believe", "belief"),
        ("[strong] believe", "belief"), ("[the] believe [that]", "belief"), ("[we] belief", "believe"), ("[i] belief", "believe"),
        ("[they] belief", "believe"), ("[golf] coarse", "course"), ("[a] coarse [of] [action]", "course"),
        ("diffuse [the] [bomb]", "defuse"), ("diffuse [a] [bomb]", "defuse"), ("diffused [the] [bomb]", "defused"),
        ("diffuse [the] [situation]", "defuse"), ("marshal [artist]", "martial"), ("[walked] passed", "past"),
        ("[drove] passed", "past"), ("[ran] passed", "past"), ("[in] [the] passed", "past"), ("passed [few] [days]", "past"),
        ("sell [phone]", "cell"), ("sell [phones]", "cell"), ("[on] bored", "board"), ("bored [meeting]", "board"),
        ("[office] stationary", "stationery"), ("[teen] idle", "idol"), ("[learned] [my] lessen", "lesson"),
        ("[learn] [a] lessen", "lesson"), ("[boost] moral", "morale"), ("[not] quiet [sure]", "quite"), ("quite [down]", "quiet"),
        ("loan [wolf]", "lone"), ("[i] wander [if]", "wonder"), ("[i] wandered [if]", "wondered"), ("[split] hares", "hairs"),
        ("buy [the] [way]", "by"),
    ]
        + [("[keep|keeps|kept|keeping] [me|us|you|him|her|them] appraised", "apprised")]
        + [("[can't|cannot|couldn't|can|could|don't|didn't|doesn't|won't|will|would|must|should|please] breath [!of|tests|test|alcohol|samples|sample|analysis|rate]", "breathe")]
        + expand("{} a peak [at|inside|into|through]", "{} a peek", same("take takes took taking taken sneak"))
        + expand("back{}", "{}", [(" peddle", "backpedal"), (" peddles", "backpedals"), (" peddled", "backpedaled"), (" peddling", "backpedaling"),
                                   ("-peddle", "backpedal"), ("-peddled", "backpedaled"), ("-peddling", "backpedaling")])
        + expand("{} the [rules|law|laws|regulations|rule|convention|conventions]", "{} the", [("flaunt", "flout"), ("flaunts", "flouts"), ("flaunted", "flouted"), ("flaunting", "flouting")])
        + [("hoards [of] [people|fans|tourists|zombies|visitors|shoppers|reporters|students|children|protesters|enemies|soldiers]", "hordes")]
        + expand("{} goodbye", "{} goodbye", [("waive", "wave"), ("waived", "waved"), ("waiving", "waving"), ("waives", "waves")])
        + expand("{} a cord", "{} a chord", [("strike", "strike"), ("strikes", "strikes"), ("struck", "struck"), ("striking", "striking")])
        + expand("{} pray to", "{} prey to", same("fall falls fell falling fallen"))
        + ["test", "tested", "testing", "prove", "proved", "proven", "proving", "show", "showed", "showing"].flatMap { v in
            expand("\(v) {} metal", "\(v) {} mettle", same("my your his her our their"))
        }
        + expand("{} it personal", "{} it personally", same("take takes took taken taking"))
        + expand("{} rid off", "{} rid of", same("get gets got gotten getting"))
        + expand("died {} hair", "dyed {} hair", same(owners))
        + expand("pear of [shoes|jeans|socks|glasses|pants|trousers|gloves|boots|scissors|earrings]", "pair of", [("", "")])
        + expand("{} moral [!standards|values|development|reasoning|courage|support|character|education|behavior|behaviour|compass]", "{} morale", same("boost boosts boosted boosting"))
        + expand("{} precedent over", "{} precedence over", same("take takes took taking taken"))
        + expand("[{}] wits end", "wit's end", same("my your his her our their at"))
        + expand("{} in [spending|costs|expenses|emotions|temper|enthusiasm|inflation|prices]", "{} in", [("reign", "rein"), ("reigned", "reined"), ("reigning", "reining"), ("reigns", "reins")])
        + expand("{} due [with|without]", "{} do", [("make", "make"), ("makes", "makes"), ("made", "made"), ("making", "making")])
        + [("[been|went|go|goes|going|gone|still|fled|remained|remain|remains|stayed|life|years|months|weeks|days] on the lamb", "on the lam")]
        + expand("{} the gambit", "{} the gamut", same("run runs ran running"))
        + expand("biting {} time", "biding {} time", same(owners)) + expand("bite {} time", "bide {} time", same("my your his her our their"))
        + expand("{} tact", "{} tack", [("change", "change"), ("changed", "changed"), ("changes", "changes"), ("changing", "changing")])
        + expand("{} phase [me|him|her|them|us|you] [!out|in|into|down|back]", "{} faze", same("didn't doesn't don't won't wouldn't never not"))
        + expand("tie {} over [until|till|til]", "tide {} over", same("me us you him her them"))
        + expand("tied {} over [until|till|til]", "tided {} over", same("me us you him her them"))
        + expand("reap what {} sew", "reap what {} sow", same("you we they he she i one"))
        + expand("reaps what {} sew", "reaps what {} sow", same("you we they he she i one"))
        + expand("{} over [the|his|her|their|my|our|your|these|those] [book|books|notes|documents|details|map|maps|data|report|reports|papers|records|files|manuscript|manuscripts|contract|letters|plans|figures|results|evidence|text|texts|pages]",
                 "{} over", [("pour", "pore"), ("pours", "pores"), ("poured", "pored"), ("pouring", "poring")])

    /// The table, by first word.
    static let table = PhraseTable(phrases).hot(.eggcornAnchors)

    /// Flag and don't-flag examples.
    public var examples: RuleExamples {
        RuleExamples(
            incorrect: [("For years we had to make due with one old car.", "For years we had to make do with one old car."),
                        ("Insurance gives you piece of mind.", "Insurance gives you peace of mind."),
                        ("By noon my hunger pains were hard to ignore.", "By noon my hunger pangs were hard to ignore."),
                        ("The senator is a shoe-in for reelection.", "The senator is a shoo-in for reelection."),
                        ("His remarks were beyond the pail.", "His remarks were beyond the pale."),
                        ("The board sacked the whole team in one foul swoop.", "The board sacked the whole team in one fell swoop."),
                        ("The singer rested her vocal chords.", "The singer rested her vocal cords."),
                        ("We mine as well start now.", "We might as well start now."),
                        ("The old bridge is still in tact.", "The old bridge is still intact."),
                        ("Let's sit here for awhile.", "Let's sit here for a while."),
                        ("The loud crash didn't phase her.", "The loud crash didn't faze her."),
                        ("She spent the night pouring over the documents.", "She spent the night poring over the documents."),
                        ("The robber has been on the lamb since May.", "The robber has been on the lam since May."),
                        ("The press tried to hone in on the scandal.", "The press tried to home in on the scandal."),
                        ("Things took a turn for the worst in May.", "Things took a turn for the worse in May."),
                        ("We need to get rid off the old files.", "We need to get rid of the old files."),
                        ("Speed is his Achilles heal.", "Speed is his Achilles heel."),
                        ("I saw him a weak ago.", "I saw him a week ago."),
                        ("She won a price at the fair.", "She won a prize at the fair."), ("He is of Asian decent.", "He is of Asian descent."),
                        ("I got an error massage again.", "I got an error message again."), ("Can I have a peace of paper?", "Can I have a piece of paper?"),
                        ("The vase broke into peaces.", "The vase broke into pieces."), ("Cut it into small peaces of equal size.", "Cut it into small pieces of equal size."), ("Take a deep breathe and relax.", "Take a deep breath and relax.")],
            correct: ["Insurance gives you peace of mind.", "I gave him a piece of my mind.", "Iron Maiden released Piece of Mind in 1983.",
                      "Payments made due to the delay were refunded.", "She poured water over the rice.", "Pour the sauce over the fish.",
                      "We dined on the lamb and the rice.", "We will phase them out next year.", "Anchors are heavy.",
                      "The army's tact impressed the villagers.", "Martial law was declared.", "He left in a while.",
                      "We waited a while for the bus.", "The reply was honest but lacking in tact.",
                      "The price of the prize was high.", "The Peace of Westphalia ended the war.", "It gave her a peace of mind she had lost.",
                      "They made peace of a kind.", "The peaces of Utrecht were signed in 1713.", "They live a decent life.", "“The Route of the Problem” is a song."])
    }

    /// The words that wake this rule (see ``Rule/triggers``).
    static let triggerWords: Set<String> = table.anchorWords
    /// ``triggerWords``: every match starts from one of them.
    public var triggers: Set<String>? { Self.triggerWords }

    /// Matches in `sentence`.
    public func check(_ sentence: Sentence, context: RuleContext) -> [RuleMatch] {
        let table = Self.table
        return table.matches(in: sentence).map { m in
            RuleMatch(range: RuleSupport.span(sentence, m.start, m.end), replacements: [m.fix],
                      message: "The fixed phrase is “\(m.fix)”.")
        }
    }
}
