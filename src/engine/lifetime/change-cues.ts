/** Words that say a user's attribute changed, or that an earlier statement was wrong. */

const CHANGE =
  /\b(moved|moving|relocated|new|now|since|switched|switching|quit|quitting|gave up|given up|give up|stopped|started|starting|took up|taken up|promoted|joined|left|bought|sold|replaced|instead|any ?more|no longer|changed|officially|became|become|adopted|stole|stolen|got an?|arrived|dropped|signed up|broke up|these days|nowadays|anymore|as of|into the new|getting used to|settled in|settling in|traded|swapped|finally|vetoed)\b/i;

const CORRECTION =
  /\b(correction|i (?:said|told you|mentioned) [^.]{0,40}(?:earlier|before|last time)|mixed (?:that|it|them) up|i meant|got (?:that|it) wrong|didn'?t keep the name|not [^.]{0,30} after all|actually,? it'?s|i misspoke)\b/i;

export const hasChangeCue = (text: string): boolean => CHANGE.test(text);
export const isCorrection = (text: string): boolean => CORRECTION.test(text);
