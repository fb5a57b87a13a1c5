package main

// openings is the built-in opening book of "plyground match -book builtin": 50 common lines
// of orthodox chess, 6 to 10 plies each, roughly balanced, in SAN. A game pair plays one
// line with each colour, so that 100 games cover every line twice over with both colours.
var openings = []string{
	"e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7",     // Ruy Lopez, closed
	"e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6",    // Berlin
	"e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6",       // Giuoco Pianissimo
	"e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7 O-O O-O",     // Two Knights, quiet
	"e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6", // Scotch
	"e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5",     // Petroff
	"e4 e5 Nf3 d6 d4 Nf6 Nc3 Nbd7 Bc4 Be7",     // Philidor
	"e4 e5 Nc3 Nf6 f4 d5 fxe5 Nxe4 Nf3 Be7",    // Vienna
	"e4 e5 f4 exf4 Nf3 g5 h4 g4 Ne5 Nf6",       // King's Gambit
	"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",     // Najdorf
	"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6",     // Dragon
	"e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5",    // Sveshnikov
	"e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7",    // Taimanov
	"e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6 Bd3 Nf6",     // Kan
	"e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 d3 d6",        // Closed Sicilian
	"e4 c5 c3 Nf6 e5 Nd5 d4 cxd4 Nf3 Nc6",      // Alapin
	"e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7 Re1 e5",      // Rossolimo
	"e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+",       // French Winawer
	"e4 e6 d4 d5 Nd2 Nf6 e5 Nfd7 Bd3 c5",       // French Tarrasch
	"e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6",         // French Advance
	"e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6",    // Caro-Kann classical
	"e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5",         // Caro-Kann advance
	"e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 Bf5",   // Scandinavian
	"e4 d6 d4 Nf6 Nc3 g6 f4 Bg7 Nf3 O-O",       // Pirc
	"e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4 Be2 e6",       // Alekhine
	"e4 g6 d4 Bg7 Nc3 d6 Be3 a6 Qd2 Nd7",       // Modern
	"d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O",       // QGD
	"d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5",      // Slav
	"d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 e3 Nbd7",       // Semi-Slav
	"d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5",      // QGA
	"d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5",       // Nimzo-Indian
	"d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 b3 Bb4+",       // Queen's Indian
	"d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O",       // King's Indian
	"d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3",    // Grünfeld
	"d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6",      // Modern Benoni
	"d4 Nf6 c4 c5 d5 b5 cxb5 a6 bxa6 Bxa6",     // Benko
	"d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O",       // Catalan
	"d4 f5 g3 Nf6 Bg2 g6 Nf3 Bg7 O-O O-O",      // Dutch Leningrad
	"d4 Nf6 Nf3 e6 Bf4 c5 e3 Nc6 c3 d5",        // London
	"d4 d5 Nf3 Nf6 e3 e6 Bd3 c5 b3 Nc6",        // Colle-Zukertort
	"d4 Nf6 Bg5 e6 e4 h6 Bxf6 Qxf6 Nc3 d6",     // Trompowsky
	"c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5",    // English, four knights
	"c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 Nf3 Nf6",      // English, symmetrical
	"c4 Nf6 Nc3 e6 e4 d5 e5 d4 exf6 dxc3",      // Mikenas
	"Nf3 d5 g3 Nf6 Bg2 c6 O-O Bg4 d3 Nbd7",     // Réti
	"Nf3 Nf6 c4 b6 g3 Bb7 Bg2 e6 O-O Be7",      // Réti, double fianchetto
	"g3 d5 Bg2 Nf6 Nf3 c6 O-O Bg4 d3 Nbd7",     // King's fianchetto
	"b3 e5 Bb2 Nc6 e3 d5 Bb5 Bd6 Nf3 Qe7",      // Nimzo-Larsen
	"f4 d5 Nf3 Nf6 e3 g6 Be2 Bg7 O-O O-O",      // Bird
	"e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4 O-O O-O",    // Four Knights
}
