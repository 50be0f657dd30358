// clock.js - the clocks of a game (a clock per player: two, three or four), counting down
// between the server's updates.
//
// The server owns the time: each Game carries the seconds left and which clock runs. The page
// only interpolates from the moment the answer arrived, and when a running clock reaches zero
// it asks the server (onFlag) which then rules on the flag.
//
// A correspondence game (days per move, "3d") has days on its clock: more than a day is shown
// in days and hours ("1d 23h"), its time control in words ("3 days per move").

import { h, icon } from './dom.js';
import { plural, t } from './i18n.js';
import './i18n_lobby.js';

const DAY = 86400;

/** The days per move of a correspondence time control ("3d"), or 0 for any other. */
export function daysPerMove(time) {
  const m = /^\s*(\d+)\s*d\s*$/i.exec(time || '');
  return m ? Number(m[1]) : 0;
}

/** A time control as the page shows it: "2 days per move" for correspondence, else as written. */
export function timeControlText(time) {
  const days = daysPerMove(time);
  return days ? t('clock.perMove.' + plural(days), { n: days }) : time || '';
}

/** "5:00", "1:02:03", "0:09.4"; from a day up, days and hours: "1d 23h". */
export function formatClock(seconds) {
  const s = Math.max(0, seconds);
  if (s >= DAY) {
    const whole = Math.floor(s);
    return t('clock.daysHours', { d: Math.floor(whole / DAY), h: String(Math.floor((whole % DAY) / 3600)).padStart(2, '0') });
  }
  if (s < 10) {
    const tenths = Math.floor(s * 10);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const whole = Math.floor(s);
  const hh = Math.floor(whole / 3600);
  const mm = Math.floor((whole % 3600) / 60);
  const ss = whole % 60;
  const pad = (n) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${pad(mm)}:${pad(ss)}` : `${mm}:${pad(ss)}`;
}

export class Clocks {
  constructor(onFlag, colours = ['white', 'black']) {
    this.onFlag = onFlag;
    this.clock = null;
    this.at = 0;
    this.live = false;
    this.flagged = false;
    this.els = {};
    this.setColours(colours);
    this.timer = null;
  }

  /** The players' colours of the game, in its order: a clock element each (els[colour]). */
  setColours(colours) {
    this.colours = colours;
    for (const c of colours) if (!this.els[c]) this.els[c] = this.make(c);
  }

  make(color) {
    const el = h('div.clock', { dataset: { color }, role: 'timer', 'aria-live': 'off' }, icon('clock'), h('span.clock-time', '–'));
    return el;
  }

  /** clock: {white, black, ..., running} or null; live: the game is still being played. */
  update(clock, live) {
    this.clock = clock;
    this.live = live;
    this.at = performance.now();
    this.flagged = false;
    for (const el of Object.values(this.els)) el.hidden = !clock;
    this.draw();
    clearInterval(this.timer);
    this.timer = null;
    if (clock && clock.running && live) this.timer = setInterval(() => this.draw(), 100);
  }

  left(color) {
    if (!this.clock) return 0;
    let s = this.clock[color];
    if (this.live && this.clock.running === color) s -= (performance.now() - this.at) / 1000;
    return s;
  }

  draw() {
    if (!this.clock) return;
    for (const color of this.colours) {
      const el = this.els[color];
      if (typeof this.clock[color] !== 'number') continue;
      const s = this.left(color);
      el.querySelector('.clock-time').textContent = formatClock(s);
      el.classList.toggle('running', this.live && this.clock.running === color);
      el.classList.toggle('low', s < 20);
      el.classList.toggle('out', s <= 0);
      if (this.live && this.clock.running === color && s <= 0 && !this.flagged) {
        this.flagged = true;
        this.onFlag && this.onFlag(color);
      }
    }
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
