// The in-app rules pages, in our own words. They describe exactly what the engine plays,
// including the choices DECISIONS.md settles.

const COMMON = `
<h3>Playing here</h3>
<ul>
<li>Tap or click a card to send it to its best place; drag it to choose the place yourself.
A card that cannot go where you drop it glides back.</li>
<li>Keyboard: the arrow keys move between piles, Space picks up a card and Space again puts it
down, Enter plays the best move for the card in focus, D turns the stock, Escape lets go,
Ctrl+Z undoes and Ctrl+Y redoes.</li>
<li>Undo and redo are unlimited and never change the deal. Every deal has a number: the same
number always gives the same deal.</li>
<li>When no legal move is left the game tells you, and offers to undo or deal again.</li>
</ul>`;

export const RULES = {
  klondike: `
<p>The classic. Build the four foundations up in suit from Ace to King.</p>
<h3>Layout</h3>
<p>Seven piles of one to seven cards, only the top card of each face up. The other 24 cards are
the stock.</p>
<h3>Moves</h3>
<ul>
<li>On the piles, put a card on one a rank higher of the other colour (a red 6 on a black 7).
A run built that way moves together.</li>
<li>Only a King, or a run headed by a King, goes into an empty pile.</li>
<li>A face-down card left on top of a pile turns face up at once.</li>
<li>Turn the stock one or three cards at a time onto the waste; only the top waste card plays.
When the stock is empty, turn the waste over to go through it again, as many times as the
chosen passes allow (one, three, or without limit).</li>
<li>With foundation take-back on, the top card of a foundation may come back to a pile.</li>
<li>With peek on, you can see the next card of the stock.</li>
</ul>
<h3>Scoring</h3>
<ul>
<li>Standard: 10 points for a card to a foundation, 5 for a card turned face up, minus 15 for a
card taken back from a foundation, minus 20 for turning the waste over in draw three and minus 100
in draw one. The score never drops below zero. Timed: minus 2 points every 10 seconds.</li>
<li>Vegas: you start at −52 and earn 5 for each card on the foundations.</li>
</ul>
<p>Once the stock and waste are empty and every card is face up, the game can finish itself.</p>`,
  spider: `
<p>Two decks' worth of cards in one, two or four suits. Build full runs from King down to Ace
in one suit; each complete run leaves the table. Clear all eight to win.</p>
<h3>Layout</h3>
<p>Ten columns: the first four of six cards, the rest of five, only the top card face up. The
other 50 cards are the stock, dealt ten at a time, five times.</p>
<h3>Moves</h3>
<ul>
<li>Any card goes on a card one rank higher, whatever its suit.</li>
<li>Only a run of one suit in descending order moves as a unit.</li>
<li>Any card or movable run goes into an empty column.</li>
<li>A deal from the stock puts one card face up on every column, and is allowed only when no
column is empty.</li>
<li>A complete King-to-Ace run of one suit goes to the foundations at once.</li>
</ul>
<p>The score counts the cards that have left the table.</p>`,
  freecell: `
<p>Every card is dealt face up, so every deal is a puzzle of pure skill. Build the four
foundations up in suit from Ace to King.</p>
<h3>Layout</h3>
<p>Eight columns (four of seven cards, four of six), four free cells and four foundations. Deal
numbers are Microsoft's: deal 1 here is game 1 of Windows FreeCell.</p>
<h3>Moves</h3>
<ul>
<li>Build down in alternating colours. Any card goes into an empty column.</li>
<li>A free cell holds any one card.</li>
<li>Moving a run is a shortcut for moving its cards one at a time through free cells and empty
columns: at most (1 + free cells) × 2<sup>empty columns</sup> cards move at once, and half that
many into an empty column.</li>
<li>Cards on the foundations stay there.</li>
</ul>
<p>The score counts the cards on the foundations.</p>`,
  pyramid: `
<p>Clear the pyramid by removing pairs of cards whose ranks add up to 13.</p>
<h3>Layout</h3>
<p>28 cards in seven overlapping rows, all face up. The other 24 are the stock.</p>
<h3>Moves</h3>
<ul>
<li>A card is free when no card of the row below overlaps it. The top card of the waste is
free too.</li>
<li>Remove two free cards that add up to 13: Ace = 1, Jack = 11, Queen = 12. Select one and then
the other, or drag one onto the other.</li>
<li>A King (13) is removed on its own.</li>
<li>Turn the stock one card at a time onto the waste; when it is empty, turn the waste over, as
many times as the chosen passes allow (three by default).</li>
</ul>
<p>You win when the pyramid is cleared, whatever is left in the stock. The score counts the
cards removed.</p>`,
  yukon: `
<p>Like Klondike without a stock: everything is on the table from the start. Build the four
foundations up in suit from Ace to King.</p>
<h3>Layout</h3>
<p>Seven columns: the first is one face-up card; the others have one to six face-down cards
under five face-up cards.</p>
<h3>Moves</h3>
<ul>
<li>Any face-up card moves together with all the cards above it, whatever their order, onto a
card one rank higher of the other colour.</li>
<li>Only a King, with whatever is above it, goes into an empty column.</li>
<li>A face-down card left on top turns face up at once. Cards on the foundations stay
there.</li>
</ul>
<p>The score counts the cards on the foundations.</p>`,
  streets_and_alleys: `
<p>All cards are open from the start; the skill is in the order. Build the four foundations up in
suit from Ace to King.</p>
<h3>Layout</h3>
<p>Eight piles, four of seven cards and four of six, all face up.</p>
<h3>Moves</h3>
<ul>
<li>Only the top card of a pile moves, one card at a time.</li>
<li>Build down by rank on the piles, whatever the suit or colour.</li>
<li>Any card goes into an empty pile.</li>
<li>Cards on the foundations stay there.</li>
</ul>
<p>The score counts the cards on the foundations.</p>`,
  all_in_a_row: `
<p>Play all 52 cards onto a single foundation.</p>
<h3>Layout</h3>
<p>Thirteen piles of four cards, all face up, and one empty foundation.</p>
<h3>Moves</h3>
<ul>
<li>Only the top card of a pile moves, and only to the foundation.</li>
<li>Any card starts the foundation. After that, each card must be one rank above or below the
card on top of it, whatever the suit; King and Ace count as neighbours.</li>
<li>An emptied pile stays empty, and nothing is ever moved for you: every move is yours.</li>
</ul>
<p>The score counts the cards on the foundation.</p>`,
  roosevelt: `
<p>A two-deck game with a single pass through the stock. Build the eight foundations up in suit
from Ace to King.</p>
<h3>Layout</h3>
<p>Seven piles of four cards, all face up. The other 76 cards are the stock.</p>
<h3>Moves</h3>
<ul>
<li>Only the top card of a pile or of the waste moves, one card at a time.</li>
<li>Build down in alternating colours. Any card goes into an empty pile.</li>
<li>Turn the stock one card at a time onto the waste. There is no second pass.</li>
<li>Cards on the foundations stay there.</li>
</ul>
<p>The score counts the cards on the foundations.</p>`,
  moving_left: `
<p>A two-deck game whose piles slide left to close every gap. Build the eight foundations up in
suit from Ace to King.</p>
<h3>Layout</h3>
<p>Ten piles of one to ten cards, only the top card face up. The other 49 cards are the stock,
turned one at a time with a single pass.</p>
<h3>Moves</h3>
<ul>
<li>Build down in alternating colours; a run built that way moves as a unit.</li>
<li>The top card of a foundation may come back to a pile.</li>
<li>When a pile other than the last empties, the face-up cards of the pile to its right slide
into the gap and the card they uncover turns face up; if that pile empties too, the next one
slides, and so on. Undo takes the whole slide back in one step.</li>
<li>So empty piles only ever stand at the right-hand end. Only the rightmost pile can be filled,
with a King or a run headed by a King, which then slides left into the gap.</li>
</ul>
<p>The score counts the cards on the foundations.</p>`,
};

/** Return a game's rules page as HTML. */
export function rulesHtml(gameId) {
  return (RULES[gameId] ?? "") + COMMON;
}
