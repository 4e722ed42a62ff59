#!/usr/bin/env python3
"""Counts the tune half's missed examples (correction@1 not reached) and false positives by kind
of error, for Benchmarks/heldout/tune-analysis.md. Only for the tune half: never run it on the
check half.

    python3 ../shared/tools/eval_proofreading.py --data Benchmarks/heldout/data/tune --task examples \
        --checker '.build/debug/writing-tools proofread --batch' \
        --peer 'python3 ../shared/tools/peers/harper_checker.py' --labels wt,harper --save-outputs OUT
    python3 Benchmarks/heldout/classify_tune.py OUT

The kinds are assigned by hand to each rule id of the tune half (K below: what the error is, not
which tool's rule it is); our false positives by the kind of our rule that fired (FP).
"""
import collections
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "shared" / "tools"))
import eval_proofreading as ev  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
K = {}
def put(kind, ids):
    for i in ids.split(): K[i] = kind
# LanguageTool rules
put("confused words (one real word for another)", "ACCEPT_EXCEPT ADVERSE_AVERSE AMENABLE_AMENDABLE AXED_ASKED BREATHE_BREATH BUY_VBG CONFUSION_OF_CORRAL_CORAL CONFUSION_OF_GOLD_GOLF CONTRACT_CONTACT FIRST_AID_KIT FOR_FRO FROM_FORM HART_HEART I_NEW KNOT_NOT KNOW_NOW MINUETS NOT_US1 NOW PLEASE_NOT_THAT SCENE_SEEN SPILLING_ERROR WHORE_WORE AN_THEN I_A TOO_CARDINAL_NUMBER BEAT_REGARDS TO_BATH ILL_I_LL feel_fell quite_quiet regimen_regiment safe_to_save dissemble_disassemble noun_verb_confusion get_pass_go_pass in_demand_in_depth")
put("possessive / contraction apostrophe", "LETS_LET WHOS THATS_ITS WRONG_GENITIVE_APOSTROPHE INCORRECT_POSSESSIVE_FORM_AFTER_A_NUMBER IVE_HAVE possessive_noun wrong_apostrophe")
put("fixed expression / eggcorn", "ADOPT_TO ALL_READY ALL_THE_FURTHER AT_THE_REIGNS TAKE_THE_REIGNS DISC_BREAK DO_TO_THE_FACT_THAT FULL_COMPLIMENT_OF GARDENERGARDEN_SNAKE GRASPING_FOR_STRAWS GUEST_STARED IN_EDITION_TO IN_VEIN LEAD_ROLL LOSE_LOSS MASH_POTATOES MONEY_IS_NO_OPTION ON_BEHAVE ON_THE_CONTRAIRE ON_THE_LAMB QUI_BONO RIGHT_OF_PASSAGE SLIGHT_OF_HAND TO_THE_MANOR_BORN TRITE_AND_TRUE URINE_ANALYSIS WRITINGPOLITICALSCIENCE_GAFF IN_TERM_OF HARDLY_NEVER AREA_COMPRISED_OF IS_COMPRISED_OF WERE_COMPRISED_OF COMPRISED_CHIEFLY_OF back_in_the_day cautionary_tale chock_full leaving_in_droves little_known long_time_ago mixed_bag naked_eye no_harm_no_foul of_course off_limits once_or_twice rise_the_ranks soon_to_be left_right_hand most_of_the_times win_prize open_the_light")
put("closed compound / word split or joined", "ANINFOR_EVERY_DAY DOWN_SIDE KEY_WORDS OUT_COME OVER_LOOKED OVER_LOOKING SHORT_CUT SIDE_KICK FLASHPOINT EVERYDAY_EVERY_DAY EVERYONE_EVERY_ONE STATE_OF_THE_ART closed_compounds merge_words phrasal_verb_as_compound_noun")
put("agreement / noun number / countability", "HE_VERB_AGR NON3PRS_VERB TIP_AND_TRICK MANY_NN_U MANY_FEW_UNCOUNTABLE i_am_agreement most_number quantifier_needs_of")
put("verb form / tense / aspect", "ALLOW_TO NON_ACTION_CONTINUOUS PROGRESSIVE_VERBS PAYED I_VE_A VBZ_VBD allow_to let_to_do need_to_noun modal_seem double_modal would_never_have reason_for_doing")
put("missing or extra word", "DONT_WHAT WHO_NOUN redundant_self determiner_without_noun it_is")
put("adjective/adverb form, comparison", "ESSENTIAL_ESSENTIALLY MOST_COMPARATIVE SUPERLATIVE_THAN COMPARISONS_AS_ADJECTIVE_AS adjective_double_degree redundant_progressive_comparative")
put("pronoun case", "ABOUT_WHO_TO IN_WHO LET_OBJECT POSSESSIVE_CASE THAN_I")
put("preposition", "AT_TIME BE_FOND_TO CONFUSION_DURING_FOR COME_IN_CAR DURING_OVER_THE_WEEKENDS EXCEPTION_OF_TO IN_CHARGE_FOR INSPIRED_WITH IN_JANUARY REGARDING_TO THE_SAME_AS accuse_of ask_no_preposition crave_for interested_in take_a_look_to the_point_for as_to_interrogative")
put("article / determiner", "DT_DT ARTICLE_ADJECTIVE_OF A_INFINITVE IN_X_ORDER ALL_MOST_SOME_OF_NOUN adjective_of_a some_without_article")
put("negation", "DOUBLE_NEGATIVE NEITHER_NOR")
put("word order", "ADVERB_WORD_ORDER")
put("punctuation / spacing / typography", "COMMA_TAG_QUESTION DASH_RULE ENUMERATION_AND_DASHES O_CLOCK HASH_SYMBOL SCHROEDINGER no_oxford_comma quote_spacing ellipsis_length")
put("capitalisation / proper names", "APOS_RE capitalize_personal_pronouns proper_noun_capitalization_linters update_place_names initialisms orthographic_consistency")
put("dates, times, numbers", "DATE_WEEKDAY_WITHOUT_YEAR am_in_the_morning expand_time_shorthands spelled_numbers")
put("spelling (non-word)", "spell_check")
put("style: plain English / wordiness", "ACCELERATE ACCOMMODATION ACCRUE ACQUIRE ALONG_THE_LINES_OF ASSIST_ASSISTANCE BECAUSE BE_A_X_ONE CLEARLY_OR_OBVIOUSLY FOR_THE_MOST_PART IN_A_MANNER_OF_SPEAKING ON_THE_OTHER_HAND REFERRING_BACK SOLICIT_FOR SUFFICIENT TIRED_INTENSIFIERS WITH_OR_IN_REFERENCE_OR_REGARD_TO And PASSIVE_VOICE")
put("style: EU-publication terms", " ".join(["EUPUB_" + x for x in "ACTION AGENDA AGENT ANIMATE ANTI ASSIST_AT BUDGET_LINE CABINET COMPLETE CONTROL DEBRIEFING DEEPEN EXERCISE EXTERNALISE_EXTERNALISATION FIX GLOBAL HOMOGENISE_HOMOGENEOUS_HOMOGENEOUSLY INTERVENTION MISSION NORMALLY NOTE PROJECT REASONABILITY RESPECT VALORISE_VALORIZE".split()]))
put("redundancy (pleonasm)", "ACTUAL_EXPERIENCE ASK_THE_QUESTION AUTOBIOGRAPHY_OF_A_LIFE BALSA_WOOD BARE_NAKED CLOSE_SCRUTINY COMFORTABLE_WITH_VBG CONTINUE_TO_REMAIN EXACT_SAME FIRST_WOMAN_NOUN MAIN_FOCUS MAJOR_BREAKTHROUGH MAY_COULD_POSSIBLY NEVER_AT_ANY_TIME NOW_CURRENTLY NUMEROUS_DIFFERENT SELF_ADMITTED SEND_AN_EMAIL SUFFICIENT_ENOUGH SUMMER_TIME SWORN_AFFIDAVIT WHETHER")
# our false positives, by the rule that fired
FP = {}
def fp(kind, ids):
    for i in ids.split(): FP[i] = kind
fp("spelling: names, en-GB spellings, unknown words", "SPELLING")
fp("punctuation (introductory comma, spacing)", "EN_INTRODUCTORY_COMMA MISSING_SPACE_AFTER_PUNCTUATION")
fp("capitalisation", "EN_I_LOWERCASE UPPERCASE_SENTENCE_START EN_PROPER_ADJECTIVE_CAPITALIZATION")
fp("agreement", "EN_AGREEMENT_HAVE_DO EN_AGREEMENT_THIRD_PERSON")
fp("confused words", "EN_AFFECT_EFFECT EN_POSSESSIVE_PRONOUN_APOSTROPHE")
fp("negation", "EN_DOUBLE_NEGATIVE")
fp("adjective/adverb form, comparison", "EN_DOUBLE_COMPARATIVE")
fp("verb form", "EN_MODAL_PARTICIPLE")
fp("preposition / collocation", "EN_PREPOSITION_COLLOCATION EN_VERB_NOUN_COLLOCATION")
fp("closed compound", "EN_SPLIT_COMPOUND")
fp("redundancy / usage lists", "EN_PLEONASM EN_USAGE_PREFERRED_FORM EN_REDUNDANT_PHRASE")
put("redundancy (pleonasm)", "ABSOLUTELY_ESSENTIAL AND_ETC UNTIL_SUCH_TIME_AS")
put("verb form / tense / aspect", "AFTER_BEEN CAN_ABLE_TO COULDVE_IRREGULAR_VERB IF_WOULD_HAVE_VBN NEED_TO_VBG MY_BE modal_be_adjective")
put("closed compound / word split or joined", "ANY_WHERE BEFORE_HAND BE_CAUSE EVERY_WHERE HEAD_STONE SOME_WHERE WAN_T")
put("fixed expression / eggcorn", "AS_OPPOSE_TO_AS_OPPOSED_TO CHALK_FULL HIT_THE_BREAKS SHOE_IN SPINAL_CHORD TONGUE_AND_CHEEK WRECK_HAVOC INCASE_OF IRREGARDLESS THE_BEST_WAY TIME_NOW complain_as_noun")
put("agreement / noun number / countability", "COLLECTIVE_NOUN_VERB_AGREEMENT_VBD DOES_YOU FOOT_FEET HAVE_CD_YEARS MANY_KINDS_OF MUCH_COUNTABLE NUMBER_OF_NNS SINGULAR_AGREEMENT_SENT_START THERE_WAS_MANY pronoun_inflection_be this_type_of_thing")
put("preposition", "DESPITE_OF SINCE_FOR arrive_to jealous_of looking_forward_to")
put("article / determiner", "MISSING_ARTICLE")
put("negation", "NO_NOT")
put("confused words (one real word for another)", "LAY_AROUND PROSTRATE_PROSTATE WEATHER_WHETHER then_than")
put("possessive / contraction apostrophe", "THATS_YOURE THEIR_IS THERE_THEIR VBG_YOURE VBZ_IN_THEYRE_NN WONT hope_youre pronoun_contraction theres")


def outcomes(recs, path):
    res = {}
    for line in open(path, encoding="utf-8"):
        o = json.loads(line)
        res[o["id"]] = sorted((m["offset"], m["offset"] + m["length"], m["replacements"], m["rule"], m["category"])
                              for m in o["matches"])
    return {r["id"]: dict(o=ev.example_outcome(r, res[r["id"]]), flags=res[r["id"]]) for r in recs if r["id"] in res}


recs = [json.loads(l) for l in open(HERE / "data/tune/examples.jsonl", encoding="utf-8")]
out = pathlib.Path(sys.argv[1])
w = outcomes(recs, out / "examples.wt.jsonl")
h = outcomes(recs, out / "examples.harper.jsonl")
miss = {s: collections.Counter() for s in ('languagetool', 'harper')}
hk = {s: collections.Counter() for s in ('languagetool', 'harper')}
tot = {s: collections.Counter() for s in ('languagetool', 'harper')}
fps = {s: collections.Counter() for s in ('languagetool', 'harper')}
unk = set()
for r in recs:
    if r.get('apart'): continue
    s = r['source']
    if r['kind'] == 'incorrect':
        kind = K.get(r['rule_id']);
        if kind is None: unk.add(r['rule_id']); kind = '?'
        tot[s][kind] += 1
        if not w[r['id']]['o'].get('corr1'):
            miss[s][kind] += 1
            if h[r['id']]['o'].get('corr1'): hk[s][kind] += 1
    else:
        rules = {f[3] for f in w[r['id']]['flags']}
        for rule in rules: fps[s][FP.get(rule, rule)] += 1
print("| kind | LT missed / LT examples | of them Harper fixes | Harper-test missed / examples | of them Harper fixes |")
print("|---|---|---|---|---|")
kinds = sorted(set(miss['languagetool']) | set(miss['harper']), key=lambda k: (-(miss['languagetool'][k] + miss['harper'][k]), k))
for k in kinds:
    print(f"| {k} | {miss['languagetool'][k]} / {tot['languagetool'][k]} | {hk['languagetool'][k]} | {miss['harper'][k]} / {tot['harper'][k]} | {hk['harper'][k]} |")
print(f"| **all** | {sum(miss['languagetool'].values())} / {sum(tot['languagetool'].values())} | {sum(hk['languagetool'].values())} | {sum(miss['harper'].values())} / {sum(tot['harper'].values())} | {sum(hk['harper'].values())} |")
print()
print("| our false positives on correct sentences, by kind of the rule that fired | LT | Harper tests |")
print("|---|---|---|")
for k in sorted(set(fps['languagetool']) | set(fps['harper']), key=lambda k: (-(fps['languagetool'][k] + fps['harper'][k]), k)):
    print(f"| {k} | {fps['languagetool'][k]} | {fps['harper'][k]} |")
if unk: print('UNMAPPED', sorted(unk), file=sys.stderr)
