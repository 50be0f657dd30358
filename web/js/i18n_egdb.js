// i18n_egdb.js - the words of the note on the endgame databases (egdb.js: which ones the engine
// uses, how far the background build is), in English and Russian, added to i18n.js's tables.

import { addTexts } from './i18n.js';

addTexts({
  en: {
    'egdb.ready': 'Endgame databases: every ending of up to {pieces} pieces.',
    'egdb.building': 'Endgame databases of up to {target} pieces are being built in the background ({done} of {total}); meanwhile the engine uses those of up to {pieces}.',
    'egdb.buildingNone': 'Endgame databases of up to {target} pieces are being built in the background ({done} of {total}); meanwhile the engine plays without them.',
    'egdb.failed': 'The endgame databases could not be built: {msg}',
  },
  ru: {
    'egdb.ready': 'Базы окончаний: все окончания до {pieces} фигур.',
    'egdb.building': 'Базы окончаний до {target} фигур строятся в фоне ({done} из {total}); пока программа использует базы до {pieces} фигур.',
    'egdb.buildingNone': 'Базы окончаний до {target} фигур строятся в фоне ({done} из {total}); пока программа играет без них.',
    'egdb.failed': 'Базы окончаний не удалось построить: {msg}',
  },
});
