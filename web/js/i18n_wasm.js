// i18n_wasm.js - the words of the engine in the browser (wasm_engine.js: where the engine
// thinks), of the app offline (offline.js: the games kept in the browser) and of its games
// against the browser's engine (browser_game.js, the new-game dialog's choice), in English and Russian.

import { addTexts } from './i18n.js';

addTexts({
  en: {
    'wasm.where': 'Engine',
    'wasm.browser': 'in the browser',
    'wasm.server': 'on the server',
    'wasm.thinkingBrowser': 'in the browser',
    'wasm.thinkingServer': 'on the server',
    'local.title': 'A game against the engine in the browser',
    'local.where': 'Where the engine plays',
    'local.inBrowser': 'in this browser',
    'local.whereBrowser': 'In this browser',
    'local.whereServer': 'On the server',
    'local.runs.browser': 'The game runs in this browser (offline too) and is offered to the server\'s archive when it ends.',
    'local.runs.server': 'The game runs on the server: its archive, reviews and other devices see it.',
    'local.runs.noEngine': 'This browser cannot run the engine: the game runs on the server.',
    'local.runs.days': 'Correspondence games run on the server.',
    'local.noEngine': 'The engine in the browser could not start: {msg}',
    'local.kept': 'This game is kept in the browser until the server is back.',
    'offline.store': 'Games played in this browser: {n}. Store them in the server\'s archive?',
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
    'local.where': 'Где играет программа',
    'local.inBrowser': 'в этом браузере',
    'local.whereBrowser': 'В этом браузере',
    'local.whereServer': 'На сервере',
    'local.runs.browser': 'Партия идёт в этом браузере (и без сети); когда она кончится, её можно сохранить в архиве сервера.',
    'local.runs.server': 'Партия идёт на сервере: её видят архив, разбор и другие устройства.',
    'local.runs.noEngine': 'Этот браузер не может запустить программу: партия идёт на сервере.',
    'local.runs.days': 'Партии по переписке идут на сервере.',
    'local.noEngine': 'Программу в браузере не удалось запустить: {msg}',
    'local.kept': 'Партия хранится в браузере, пока сервер не вернётся.',
    'offline.store': 'Партий, сыгранных в браузере: {n}. Сохранить их в архиве сервера?',
    'offline.storeButton': 'Сохранить',
    'offline.stored': 'На сервере сохранено партий: {n} (они в архиве).',
  },
});
