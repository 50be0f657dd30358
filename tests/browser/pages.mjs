// pages.mjs - the app's pages as a whole: the start page, the language and the notation
// chosen and remembered; every view at phone width without sideways scrolling (registered
// after the tests whose games it looks at in `state`); a move made with the keyboard.

import { DESKTOP, PHONE, PHONE360, clickSquare, equal, expect, moveTexts, screenshot, settled, test, waitInteractive, waitMoves } from './harness.mjs';

/** The start page, the language and the notation. */
export function pageTests() {
  test('the start page loads, with a board of 24 pieces', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await page.goto(base);
    await page.waitForSelector('.home .board-svg');
    equal(await page.locator('.board-svg rect.sq.dark').count(), 32, 'dark squares');
    equal(await page.locator('.board-svg .piece').count(), 24, 'pieces');
    equal(await page.locator('.board-svg .coord').count(), 16, 'coordinates');
    expect((await page.title()).includes('Shashki'), 'title');
    await screenshot(page, 'home-desktop');
    const phone = await newPage(PHONE);
    await phone.goto(base);
    await phone.waitForSelector('.home .board-svg');
    await screenshot(phone, 'home-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
  });

  test('language: Russian is chosen, shown and remembered after a reload', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/analysis');
    await page.click('[data-lang=ru]');
    await page.waitForSelector('.nav-link[data-nav=analysis]:has-text("Анализ")');
    equal(await page.getAttribute('html', 'lang'), 'ru', 'html lang');
    await page.reload();
    await page.waitForSelector('.nav-link[data-nav=play]:has-text("Игра")');
    expect(page.url().includes('#/analysis'), 'the route survived the reload');
    await screenshot(page, 'analysis-ru-desktop');
    await page.click('[data-lang=en]');
    await page.waitForSelector('.nav-link[data-nav=play]:has-text("Play")');
  });

  test('notation: numeric squares are shown on the board and remembered', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/analysis');
    await page.click('[data-notation=numeric]');
    await page.waitForSelector('.board-svg .sq-number');
    equal(await page.locator('.board-svg .sq-number').count(), 32, 'square numbers');
    await waitInteractive(page);
    await clickSquare(page, 'c3');
    await clickSquare(page, 'd4');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['22-18'], 'the move in numeric notation');
    await page.reload();
    await page.waitForSelector('.board-svg .sq-number');
    await waitMoves(page, 1); // the line comes back from the address after the board is drawn
    equal(await moveTexts(page), ['22-18'], 'the line and the notation after a reload');
    await page.click('[data-notation=algebraic]');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['c3-d4'], 'the move in algebraic notation');
  });
}

/** Every view at phone width (after the games the tests before leave in `state`), and the keyboard. */
export function phoneTests() {
  test('phone: every view fits 390 and 360 px without sideways scrolling', async ({ base, newPage, state }) => {
    const views = [['home', '#/'], ['analysis', '#/analysis'], ['archive', '#/archive'], ['events', '#/events']];
    if (state.drawGame) views.push(['game', `#/play/${state.drawGame}`]);
    if (state.engine) views.push(['engine-game', `#/play/${state.engine.id}`]);
    if (state.turkish) views.push(['turkish-game', `#/play/${state.turkish}`]);
    if (state.international) views.push(['international-game', `#/play/${state.international}`]);
    views.push(['international-analysis', '#/analysis?variant=international']);
    for (const viewport of [PHONE, PHONE360]) {
      const page = await newPage(viewport);
      for (const [name, hash] of views) {
        await page.goto(base + hash);
        await page.waitForSelector('.board-svg, .archive-list, .event-list');
        await settled(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (viewport === PHONE) await screenshot(page, `${name}-phone`);
        expect(overflow <= 0, `${name} at ${viewport.width} px scrolls sideways by ${overflow}px`);
      }
    }
    const page = await newPage(PHONE);
    await page.goto(base + '#/');
    await page.click('[data-action=new-game]');
    await page.waitForSelector('dialog[open]');
    await settled(page);
    await screenshot(page, 'new-game-dialog-phone');
  });

  test('keyboard: a move made with the arrow keys and Enter', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/analysis?fen=' + encodeURIComponent('W:Wc3:Bh8'));
    await waitInteractive(page);
    await page.focus('.board-svg');
    // the cursor starts on c3: Enter picks the man, Up and Right move to d4, Enter plays
    await page.keyboard.press('Enter');
    equal(await page.getAttribute('.board-svg', 'data-selected'), 'c3', 'selected by keyboard');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['c3-d4'], 'the move made by keyboard');
  });
}
