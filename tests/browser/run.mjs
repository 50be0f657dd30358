#!/usr/bin/env node
// run.mjs - the web app's browser tests.
//
//   node tests/browser/run.mjs [--program build/shashki] [--only SUBSTRING] [--headed] [--times]
//
// Registers the tests of each area's module, in the order they run, and runs them with the
// harness (harness.mjs: the server, the browser, the helpers, the report). The order matters:
// a test may continue the game of the test before, or look at what earlier tests left in
// `state` (the archive's tests at play.mjs's games, the phone test at every game left there).
// More games (other.mjs) is a runner of its own, run after this one.

import { run } from './harness.mjs';
import { unitTests } from './unit.mjs';
import { pageTests, phoneTests } from './pages.mjs';
import { playTests } from './play.mjs';
import { archiveTests } from './archive.mjs';
import { reviewTests } from './review.mjs';
import { variantTests, variantAnalysisTests } from './variants.mjs';
import { boardTests } from './boards.mjs';
import { board80Tests } from './board80.mjs';
import { puzzleTests } from './puzzles.mjs';
import { chapaevTests } from './chapaev.mjs';
import { explorerTests } from './explorer.mjs';
import { clubTests } from './club.mjs';
import { eventKindTests, eventTests } from './events.mjs';
import { eventTableTests } from './event_tables.mjs';
import { kindTests } from './kinds.mjs';
import { teamTests } from './teams.mjs';
import { contestTests } from './contests.mjs';
import { accountTests } from './accounts.mjs';
import { lobbyTests } from './lobby.mjs';
import { newcomerTests } from './newcomer.mjs';
import { wasmTests } from './wasm.mjs';
import { browserGameTests } from './browser_games.mjs';

unitTests(); // the page's pure modules against the server
pageTests(); // the start page, the language, the notation
playTests(); // against the engine and at one board: clicks, drags, captures, clock, draws, resign
archiveTests(); // the archive (play.mjs's games), the analysis board, a server kill
reviewTests(); // a finished game reviewed by the engine: the chart, the marks, through a restart
variantTests(); // English, Italian, Turkish
boardTests(); // the boards larger than 8x8: international, Canadian
board80Tests(); // 80-square draughts on 10x8: a game against the engine to its end, the editor
puzzleTests(); // the Puzzles section and "solve"
chapaevTests(); // Chapaev, the flicking game
explorerTests(); // the opening explorer
variantAnalysisTests(); // the analysis board switched from game to game; the archive by game
phoneTests(); // every view at phone width (the games left in `state`), the keyboard
clubTests(); // a club's evening on several devices
eventTests(); // a tournament night
eventKindTests(); // events of column checkers and of corners
eventTableTests(); // events of three and four players at tables: Neva, Novgorod
teamTests(); // a team event: matches on two devices, team standings, board prizes
contestTests(); // a solving contest on the solvers' phones, a composing contest
accountTests(); // players' accounts: sign up, a rated game on two devices, the profiles, log in and out
lobbyTests(); // the lobby: open and direct challenges on two devices, correspondence, "My games"
newcomerTests(); // the page as a newcomer found it (issue 33); the server gone and back
kindTests(); // a game of each kind on two devices through a crash; the columns; the new-game dialog
wasmTests(); // the engine in the browser: bench against native, analysis, the app offline
browserGameTests(); // casual games against the engine in the browser: clock, offers, take-back, ballots; the server's

run();
