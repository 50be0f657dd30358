// i18n_tables.js - the words of events of three and four players (event_tables.js), in English
// and Russian, added to i18n.js's tables.

import { addTexts } from './i18n.js';

addTexts({
  en: {
    'tables.table': 'Table',
    'tables.players': 'Players (by seat: the first moves first)',
    'tables.resultOf': 'Result of table {n}',
  },
  ru: {
    'tables.table': 'Стол',
    'tables.players': 'Игроки (по местам: первый ходит первым)',
    'tables.resultOf': 'Результат стола {n}',
  },
});
