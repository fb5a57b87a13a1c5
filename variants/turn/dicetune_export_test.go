//go:build tune

package turn

// DiceTuneParts returns the parts of g's dice-chess evaluation of s, a state before the roll,
// that the dice tuner (dicetune_test.go) refits: the evaluation before the squash (raw), the
// kings' exposure added after it (expo), the mover's movable types less the opponent's
// (search.DiceView.Movable), and whether the odds of a king left in check leave the value
// alone (plain).
func DiceTuneParts(g *SearchGame, s State) (raw, expo, movable int, plain bool) {
	us := s.Mover()
	raw, expo, d := diceParts(s, int(s.plies-s.ply), g.nextPlies(s))
	v := squash(raw) + expo
	return raw, expo, d.Movable[us] - d.Movable[us.Other()], g.diceOdds(s, v) == v
}
