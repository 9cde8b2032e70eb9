/**
 * The sessions the heavy-user bench remembers: ten statements each, about things the profile
 * never mentions, every session on its own subject (a pet, a move, a trip…), so that each
 * statement is new to the memory and to the sessions before it: no two of these hundred are
 * within the near-duplicate cosine (0.9) of each other with the bundled embedder. Data, not logic.
 */
const SESSIONS: readonly (readonly string[])[] = [
  [
    'I adopted a second cat called Mochi.',
    'My brother Felix moved to Tallinn for a new job.',
    'I started going to a pottery class on Thursdays.',
    'I want to run the Lisbon half marathon next year.',
    'I am allergic to kiwi, I found out last week.',
    'My favourite dish to cook is now mushroom ramen.',
    'I replaced my e-reader because the screen cracked.',
    'I am learning Korean with a tutor on Sundays.',
    'I planted garlic in the allotment in October.',
    'I put 150 euros a month into a holiday fund.',
  ],
  [
    'We booked a sailing trip around the Greek islands for August.',
    'Our skipper is a retired teacher from Crete.',
    'I bought seasickness bands just in case.',
    'My partner insists on packing only one small bag.',
    'We will stop in Naxos for two nights.',
    'The boat sleeps six, so my cousins are joining us.',
    'I need to renew my passport before June.',
    'The marina charges extra for fresh water.',
    'I am reading a novel about Odysseus for the trip.',
    'We plan to snorkel near the old lighthouse.',
  ],
  [
    'I accepted an offer to lead the data team at a hospital.',
    'My new manager used to be a nurse.',
    'The hospital is a forty minute tram ride away.',
    'I start on the first Monday of next month.',
    'I negotiated four extra days of leave.',
    'My old colleagues threw me a farewell lunch.',
    'The team uses a lot of spreadsheets I want to retire.',
    'I have to pass a security check before my first day.',
    'My badge photo came out terribly.',
    'I am nervous about presenting to the board.',
  ],
  [
    'The roof started leaking above the spare bedroom.',
    'A builder quoted four thousand pounds for new tiles.',
    'We moved the bookshelves out of that room.',
    'The insurance company sent an assessor on Tuesday.',
    'Mould has appeared behind the wardrobe.',
    'I borrowed a dehumidifier from my neighbour.',
    'The scaffolding goes up next Wednesday.',
    'We chose slate instead of clay this time.',
    'The gutters were full of moss and leaves.',
    'I keep a bucket under the drip at night.',
  ],
  [
    'I joined a community choir that sings in a church hall.',
    'I am a baritone, apparently.',
    'We rehearse a requiem for a concert in December.',
    'The conductor is strict about breathing exercises.',
    'I practise scales in the car on my commute.',
    'My daughter laughs at my singing in the shower.',
    'The choir needs more tenors.',
    'Our concert tickets cost twelve pounds each.',
    'I bought a black folder for the sheet music.',
    'We sing one piece in Latin and one in Welsh.',
  ],
  [
    'My doctor says my blood pressure is too high.',
    'I now take a small tablet every morning.',
    'I cut down on salty snacks and crisps.',
    'A nurse checks my readings every fortnight.',
    'I bought a cuff to measure at home.',
    'Coffee after noon makes my readings worse.',
    'I swim twice a week at the leisure centre.',
    'My father had the same problem at my age.',
    'I sleep better since I stopped scrolling in bed.',
    'The pharmacy delivers the prescription monthly.',
  ],
  [
    'We are buying an electric car in the spring.',
    'The dealer offered a discount on the previous model.',
    'We need a charger fitted on the driveway.',
    'The range is about four hundred kilometres.',
    'My husband wants a grey one and I want red.',
    'We will sell the old diesel to a neighbour.',
    'Insurance for the electric car is surprisingly cheap.',
    'The test drive was quieter than I expected.',
    'Charging on a road trip still worries me.',
    'We chose a model with heated seats.',
  ],
  [
    'I volunteer at a food bank on Saturday mornings.',
    'I sort tins and check dates in the warehouse.',
    'The food bank needs more nappies and toiletries.',
    'A local bakery donates bread every Friday.',
    'I drive the van to collect supermarket donations.',
    'Demand has doubled since the winter.',
    'I trained to use the forklift last month.',
    'My teenage son came along to help once.',
    'We pack about three hundred parcels a week.',
    'The coordinator asked me to join the board.',
  ],
  [
    'My grandmother turns ninety in November.',
    'We are throwing her a party in the village hall.',
    'She wants a brass band and a lemon cake.',
    'Relatives are flying in from Canada and Chile.',
    'I am making a photo album of her life.',
    'She still does the crossword every morning.',
    'Her first job was in a glove factory.',
    'My aunt is organising the seating plan.',
    'We found her wedding dress in the loft.',
    'She asked for no presents, only letters.',
  ],
  [
    'I started learning the cello at forty five.',
    'A secondhand cello cost me six hundred pounds.',
    'My teacher is a student at the conservatoire.',
    'My fingers hurt after long practice sessions.',
    'I practise while the neighbours are at work.',
    'I want to play a Bach suite by next summer.',
    'Rosin dust gets everywhere in the living room.',
    'I joined an amateur orchestra for beginners.',
    'Tuning the strings still takes me ages.',
    'My cat hides whenever I play.',
  ],
];

/** How many different sessions there are. */
export const NEW_SESSION_COUNT = SESSIONS.length;

/** Session `n`'s ten statements (n from 0 to NEW_SESSION_COUNT − 1). */
export function newSessionTexts(n: number): readonly string[] {
  const texts = SESSIONS[n];
  if (!texts) throw new RangeError(`there are ${NEW_SESSION_COUNT} new sessions, not session ${n}`);
  return texts;
}
