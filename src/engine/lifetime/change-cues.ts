/** Words that say a user's attribute changed, or that an earlier statement was wrong. */

const CHANGE =
  /\b(moved|moving|relocated|new|now|since|switched|switching|quit|quitting|gave up|given up|give up|stopped|started|starting|took up|taken up|promoted|joined|left|bought|sold|replaced|instead|any ?more|no longer|changed|officially|became|become|adopted|stole|stolen|got an?|arrived|dropped|signed up|broke up|these days|nowadays|anymore|as of|into the new|getting used to|settled in|settling in|traded|swapped|finally|vetoed)\b/i;

const CORRECTION =
  /\b(correction|i (?:said|told you|mentioned) [^.]{0,40}(?:earlier|before|last time)|mixed (?:that|it|them) up|i meant|got (?:that|it) wrong|didn'?t keep the name|not [^.]{0,30} after all|actually,? it'?s|i misspoke)\b/i;

export const hasChangeCue = (text: string): boolean => CHANGE.test(text);
export const isCorrection = (text: string): boolean => CORRECTION.test(text);

/** Words that say something the user had is gone: a pet that died or was rehomed. */
const ENDED =
  /\b(died|passed away|put (?:her|him|it) down|put to sleep|rehomed|gave (?:her|him|it|them) away|given away|ran away|(?:lost|losing) (?:her|him|it|our|my|the)|no longer (?:have|has)|don'?t have (?:her|him|it|a)|sadly)\b/i;

export const saysEnded = (text: string): boolean => ENDED.test(text);
