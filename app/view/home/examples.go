package home

import (
	"github.com/plyground/plyground/app/session"
	"github.com/plyground/plyground/app/view/board"
	"github.com/plyground/plyground/app/view/route"
	"github.com/plyground/plyground/engine"
	"github.com/plyground/plyground/variants/turn"
)

// Example is a diagram on a rules page: a position that shows one rule, with the squares
// to look at, a caption in plain words and a "try it" game starting there.
type Example struct {
	Rule    string   // the RULES.md number it shows ("P4")
	Title   string   // a few words
	Caption string   // what to see, in plain words
	FEN     string   // the position, at the start of a turn
	Options string   // variant options for the try-it game
	Squares []string // squares to highlight
	// Try is a ply (UCI) of the example that the rule forbids, or that the rule decides
	// something about; tests play it to prove the diagram shows the rule.
	Try string
}

// examples lists the diagrams of each variant's rules page. Tests replay every one of them
// and check that the rule it names is the one that decides.
var examples = map[string][]Example{
	"orthodox": {
		{
			Rule: "O1", Title: "En passant",
			Caption: "Black has just played d7-d5, passing d6. White's pawn on e5 may take it en passant, landing on d6, but only now.",
			FEN:     "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
			Squares: []string{"e5", "d6", "d5"}, Try: "e5d6",
		},
		{
			Rule: "O2", Title: "Stalemate",
			Caption: "Black to move is not in check and has no legal move: the game is drawn.",
			FEN:     "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
			Squares: []string{"h8"},
		},
	},
	"marseillais": {
		{
			Rule: "M2", Title: "A check ends the turn",
			Caption: "White has two plies. If the first is Qh5+, the check ends White's turn at once: there is no second ply.",
			FEN:     "rnbqkbnr/pppp2pp/5p2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
			Squares: []string{"d1", "h5", "e8"}, Try: "d1h5",
		},
		{
			Rule: "M3", Title: "Escape with the first ply",
			Caption: "Black is in check and must get out of it with the first ply of the turn (g6 here, or Ke7); the second ply is free again.",
			FEN:     "rnbqkbnr/pppp2pp/5p2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2",
			Squares: []string{"h5", "e8"}, Try: "a7a6",
		},
		{
			Rule: "M5", Title: "Two captures en passant",
			Caption: "Black's last turn was c7-c5 and d7-d5. White may take the c-pawn en passant with the first ply (bxc6), then the d-pawn with the second (exd6).",
			FEN:     "rnbqkbnr/pp2pppp/8/1PppP3/8/8/P1PP1PPP/RNBQKBNR w KQkq c6,d6 0 5",
			Squares: []string{"b5", "c6", "e5", "d6"}, Try: "b5c6",
		},
	},
	"sdm": {
		{
			Rule: "S3", Title: "Spend a token",
			Caption: "Turn on \"Spend a token with this move\" and play e4: Black then moves twice, and White's next turn is skipped.",
			FEN:     turn.StartFEN,
			Squares: []string{"e2", "e4"}, Try: "e2e4",
		},
		{
			Rule: "S4", Title: "A mate on the first ply",
			Caption: "Spending a token with g4 here would be a blunder: Black's Double Move begins with Qh4#, and a mate on the first ply ends the game.",
			FEN:     "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2",
			Squares: []string{"g2", "g4", "d8", "h4"}, Try: "g2g4",
		},
	},
	"progressive-italian": {
		{
			Rule: "P4", Title: "Check only on the last ply",
			Caption: "White's series has three plies: Bc4, Qh5 and Qxf7# mate. Bxf7+ as the second ply would be illegal, because it gives check before the last ply.",
			FEN:     "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3",
			Squares: []string{"f1", "c4", "d1", "h5", "f7"}, Try: "f1c4",
		},
		{
			Rule: "P5", Title: "Progressive stalemate",
			Caption: "Black has a series of two plies. After g3 no legal ply is left, and Black is not in check: the game is drawn.",
			FEN:     "k7/2Q5/8/8/6p1/8/6P1/4K3 b - - 0 2",
			Squares: []string{"g4", "g3", "a8"}, Try: "g4g3",
		},
	},
	"progressive-scottish": {
		{
			Rule: "P3", Title: "A check ends the series",
			Caption: "White's series has three plies, but Bxf7+ as the first one ends it at once. Black's next series still has its full four plies.",
			FEN:     "rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 1 3",
			Squares: []string{"c4", "f7", "e8"}, Try: "c4f7",
		},
		{
			Rule: "P5", Title: "Progressive stalemate",
			Caption: "Black has a series of two plies. After g3 no legal ply is left, and Black is not in check: the game is drawn.",
			FEN:     "k7/2Q5/8/8/6p1/8/6P1/4K3 b - - 0 2",
			Squares: []string{"g4", "g3", "a8"}, Try: "g4g3",
		},
	},
	"dice": {
		{
			Rule: "D1", Title: "The dice choose the piece",
			Caption: "Each turn starts with a roll of two dice: 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king. With 1-2, only a pawn or a knight may move; a double allows any piece.",
			FEN:     turn.StartFEN,
			Squares: []string{"b1", "g1"},
		},
		{
			Rule: "D3", Title: "No legal move: the turn passes",
			Caption: "Black is in check and only g6 answers it. A roll without a 1 (and not a double) allows no legal ply: Black's turn passes, in check. Then White takes the king if its roll shows a 5 (D4).",
			FEN:     "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2",
			Squares: []string{"h5", "e8", "g7"},
		},
	},
}

// Examples returns the diagrams of a variant's rules page.
func Examples(id string) []Example { return examples[id] }

// marks returns the example's highlights.
func (e Example) marks() board.Marks {
	m := board.Marks{}
	for _, s := range e.Squares {
		if sq, err := engine.ParseSquare(s); err == nil {
			m[sq] |= board.MarkLastMove
		}
	}
	return m
}

// position returns the example's board (the standard start if its FEN does not parse,
// which the tests rule out).
func (e Example) position() engine.Position {
	pos, _, _, err := turn.ParseFEN(e.FEN)
	if err != nil {
		return engine.StartPosition()
	}
	return pos
}

// AnalyseURL returns the address of the analysis board at the example's position.
func (e Example) AnalyseURL(id string) string {
	q := session.GameQuery{Variant: id, Options: e.Options}
	if e.FEN != turn.StartFEN {
		q.FEN = e.FEN
	}
	return route.AnalysisOf(q)
}

// TryURL returns the address of a game of variant id starting at the example.
func (e Example) TryURL(id string) string {
	q := session.GameQuery{Variant: id, Options: e.Options, Mode: session.ModeTwo}
	if e.FEN != turn.StartFEN {
		q.FEN = e.FEN
	}
	q.Color = e.position().Turn()
	return route.Play(q)
}
