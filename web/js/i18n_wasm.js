// i18n_wasm.js - the words of the engine in the browser (wasm_engine.js: where the engine
// thinks), of the app offline (offline.js: the games kept in the browser) and of its games
// against the browser's engine (local_game.js), in English and Russian.

import { addTexts } from './i18n.js';

addTexts({
  en: {
    'wasm.where': 'Engine',
    'wasm.browser': 'in the browser',
    'wasm.server': 'on the server',
    'wasm.thinkingBrowser': 'in the browser',
    'wasm.thinkingServer': 'on the server',
    'local.title': 'A game against the engine in the browser',
    'local.you': 'You',
    'local.choose': 'The engine plays in this browser (the game is kept here, offline too)',
    'local.engine': 'Shashki (level {level})',
    'local.thinking': 'The engine is thinking…',
    'local.thinkingWhere': 'The engine thinks in this browser.',
    'local.searched': 'The engine searched {depth} plies deep in this browser.',
    'local.noEngine': 'The engine in the browser could not start: {msg}',
    'local.kept': 'This game is kept in the browser until the server is back.',
    'offline.store': 'Games played while the server was away: {n}. Store them on the server?',
    'offline.storeButton': 'Store them',
    'offline.stored': 'Stored {n} games on the server (the archive has them).',
  },
  ru: {
    'wasm.where': 'Программа',
    'wasm.browser': 'в браузере',
    'wasm.server': 'на сервере',
    'wasm.thinkingBrowser': 'в браузере',
    'wasm.thinkingServer': 'на сервере',
    'local.title': 'Партия с программой в браузере',
    'local.you': 'Вы',
    'local.choose': 'Программа играет в этом браузере (партия хранится здесь, и без сети)',
    'local.engine': 'Шашки (уровень {level})',
    'local.thinking': 'Программа думает…',
    'local.thinkingWhere': 'Программа думает в этом браузере.',
    'local.searched': 'Программа просчитала на {depth} полуходов в этом браузере.',
    'local.noEngine': 'Программу в браузере не удалось запустить: {msg}',
    'local.kept': 'Партия хранится в браузере, пока сервер не вернётся.',
    'offline.store': 'Партий, сыгранных без сервера: {n}. Сохранить их на сервере?',
    'offline.storeButton': 'Сохранить',
    'offline.stored': 'На сервере сохранено партий: {n} (они в архиве).',
  },
});
