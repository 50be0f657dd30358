// i18n_tables.js - the words of events of three and four players (event_tables.js), in English
// and Russian, added to i18n.js's tables.

import { addTexts } from './i18n.js';

addTexts({
  en: {
    'tables.table': 'Table',
    'tables.players': 'Players (by seat: the first moves first)',
    'tables.resultOf': 'Result of table {n}',
    'tables.round-robin': 'Round robin at tables of {n} (scored by places)',
    'tables.swiss': 'Swiss at tables of {n} (scored by places)',
  },
  ru: {
    'tables.table': 'Стол',
    'tables.players': 'Игроки (по местам: первый ходит первым)',
    'tables.resultOf': 'Результат стола {n}',
    'tables.round-robin': 'Круговая, столы по {n} (очки по местам)',
    'tables.swiss': 'Швейцарская, столы по {n} (очки по местам)',
  },
});
