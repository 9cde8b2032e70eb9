/** The example's questions: three supportive, three opposed, each with its evidence sessions. */
import type { ExampleQuestion } from './example-types.ts';

export const QUESTIONS: readonly ExampleQuestion[] = [
  {
    case: 'bread',
    reasoning: 'supportive',
    trait: 'This person bakes sourdough bread every weekend.',
    scenario: 'They buy flour by the sack from a mill, and the neighbours ask for their loaves.',
    question: 'Would a cast-iron Dutch oven for baking be a good birthday present for me?',
    answer:
      'Yes. They bake sourdough every weekend (they buy flour by the sack and their neighbours ask for loaves), so a Dutch oven would get a lot of use.',
    evidence: ['bread-trait', 'bread-supportive-sack', 'bread-supportive-neighbour'],
  },
  {
    case: 'birds',
    reasoning: 'supportive',
    trait: 'This person is a devoted birdwatcher.',
    scenario:
      'They get up before dawn for the marsh hide and take tally notes on the estuary in the rain.',
    question: 'Would I enjoy a long weekend of birdwatching at a coastal wetland reserve?',
    answer:
      'Yes. They are a keen birdwatcher with a long bird list who sits in marsh hides at dawn and counts birds on the estuary, so a wetland reserve suits them.',
    evidence: ['birds-trait', 'birds-supportive-hide', 'birds-supportive-notebook'],
  },
  {
    case: 'japanese',
    reasoning: 'supportive',
    trait: 'This person is learning Japanese.',
    scenario:
      'They watch Ghibli films without subtitles and plan to get by in Osaka without English.',
    question: 'Should I join a weekly Japanese language exchange meetup downtown?',
    answer:
      'Yes. They are learning Japanese (N4 passed, films without subtitles, a trip to Osaka coming up), and speaking practice is what they need most.',
    evidence: ['japanese-trait', 'japanese-supportive-ghibli', 'japanese-supportive-osaka'],
  },
  {
    case: 'running',
    reasoning: 'opposed',
    trait: 'This person loves trail running.',
    scenario:
      'They have just had knee ligament surgery: crutches for six weeks, no impact for four months.',
    question: 'Can you suggest something active for me to do on Saturday morning?',
    answer:
      'Nothing high-impact like their usual trail run: they are recovering from knee ligament surgery. Suggest gentle physio-approved exercise such as upper-body work or, later, swimming.',
    evidence: ['run-trait', 'run-opposed'],
  },
  {
    case: 'dinner',
    reasoning: 'opposed',
    trait: 'This person loves hosting big dinner parties.',
    scenario: 'They moved into a studio flat with two electric rings and a table that seats two.',
    question: 'How should I celebrate my birthday with my friends this year?',
    answer:
      'Not with a big dinner party at home: their new studio has two rings and a table for two. Suggest booking a restaurant, a picnic, or a friend hosting.',
    evidence: ['dinner-trait', 'dinner-opposed'],
  },
  {
    case: 'cello',
    reasoning: 'opposed',
    trait: 'This person plays the cello in an amateur orchestra that rehearses on Tuesdays.',
    scenario: 'They broke their left wrist and it is in a cast for six weeks.',
    question: 'What should I do with my Tuesday evenings this month?',
    answer:
      'Not cello rehearsal: their left wrist is in a cast for six weeks. They could still go and listen to the orchestra, or study the score of the Dvořák.',
    evidence: ['cello-trait', 'cello-opposed'],
  },
];
