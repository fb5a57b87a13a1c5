package bot

import (
	"github.com/plyground/plyground/variants/nec"
)

// Offsets of the leaps and steps (RULES.md section 2).
var (
	knightLeaps = [8][2]int64{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	camelLeaps  = [8][2]int64{{1, 3}, {3, 1}, {3, -1}, {1, -3}, {-1, -3}, {-3, -1}, {-3, 1}, {-1, 3}}
	guardSteps  = [8][2]int64{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
)

// slides reports whether kind k has a ray in direction d (RULES.md 3.1). The time thief's rays
// are left out: it attacks nothing (NEC-D5).
func slides(k nec.Kind, d nec.Dir) bool {
	switch k {
	case nec.Bishop:
		return d.Diagonal()
	case nec.Rook, nec.Chancellor:
		return !d.Diagonal()
	case nec.Queen:
		return true
	}
	return false
}

// leaps appends the leap and step offsets of kind k to buf.
func leaps(k nec.Kind, buf [][2]int64) [][2]int64 {
	switch k {
	case nec.Knight, nec.Chancellor:
		buf = append(buf, knightLeaps[:]...)
	case nec.Unicorn:
		buf = append(buf, knightLeaps[:]...)
		buf = append(buf, camelLeaps[:]...)
	case nec.Guard:
		buf = append(buf, guardSteps[:]...)
	}
	return buf
}

// board is a state with its attack map (RULES.md 3.3): for every piece, the pieces of any
// player that attack its square. Package nec keeps its own attack map unexported; the threat
// records it exports (State.Threats) hold enemy attacks only, and the evaluation also needs
// defence (3.6), so the bot computes both here from State.Targets and the pieces.
type board struct {
	s         nec.State
	pieces    []nec.Piece
	at        map[nec.Square][]int32
	attackers [][]int32
	crowded   []bool
}

func newBoard(s nec.State) *board {
	b := &board{s: s, pieces: s.Pieces()}
	b.at = make(map[nec.Square][]int32, len(b.pieces))
	for i, pc := range b.pieces {
		b.at[pc.Sq] = append(b.at[pc.Sq], int32(i))
	}
	b.attackers = make([][]int32, len(b.pieces))
	b.crowded = make([]bool, len(b.pieces))
	hit := func(a int, sq nec.Square) {
		for _, t := range b.at[sq] {
			if int(t) != a {
				b.attackers[t] = append(b.attackers[t], int32(a))
			}
		}
	}
	var buf [16][2]int64
	for i, pc := range b.pieces {
		if len(b.at[pc.Sq]) > 1 {
			b.crowded[i] = true
		}
		switch pc.Kind {
		case nec.TimeThief:
			continue
		case nec.Pawn:
			d := s.Player(pc.Owner).Dir
			for _, c := range [2]nec.Dir{d.Left(), d.Right()} {
				dx, dy := c.Vec()
				hit(i, nec.Sq(pc.Sq.X+dx, pc.Sq.Y+dy))
			}
			continue
		}
		for _, off := range leaps(pc.Kind, buf[:0]) {
			hit(i, nec.Sq(pc.Sq.X+off[0], pc.Sq.Y+off[1]))
		}
		if !slides(pc.Kind, nec.North) && !slides(pc.Kind, nec.NorthEast) {
			continue
		}
		t, err := s.Targets(pc.ID)
		if err != nil {
			continue
		}
		for d := nec.Dir(0); d < 8; d++ {
			if !slides(pc.Kind, d) {
				continue
			}
			// A ray is missing from Targets when its first square holds a piece of the owner.
			dist := int64(1)
			found := false
			for _, r := range t.Rays {
				if r.Dir == d {
					found = true
					dist = r.Steps + 1
					if r.Steps == nec.Unbounded {
						dist = 0
					}
				}
			}
			if found && dist == 0 {
				continue
			}
			dx, dy := d.Vec()
			hit(i, nec.Sq(pc.Sq.X+dist*dx, pc.Sq.Y+dist*dy))
		}
	}
	return b
}

// value is a piece's value as a float.
func value(k nec.Kind) float64 { return float64(k.Value()) }

// Weights of the evaluation, in points (a pawn is 1).
const (
	wMaterial   = 0.3  // per point of material kept, relative to the others
	wSureTop    = 0.9  // the largest loss of a capturable piece of ours under attack
	wSureRest   = 0.5  // the other such losses
	wHangMulti  = 0.6  // attacked or crowded pieces beyond the one an order can save
	wHangOne    = 0.1  // the one piece that must spend the next order
	wTakeTop    = 0.6  // the largest gain on a capturable enemy piece we attack
	wTakeRest   = 0.15 // the other such gains
	wChance     = 0.35 // attacked enemy pieces beyond the one its owner can save
	wChanceOne  = 0.1  // the enemy piece its owner must move
	wApproach   = 0.01 // per square closer to the nearest enemy piece (pieces, not pawns)
	approachCap = 40
	wWin        = 1000
)

// evaluate scores state t for player p: higher is better.
func evaluate(t nec.State, p int) float64 {
	if end := t.End(); end.Over {
		for _, w := range end.Winners {
			if w == p {
				return wWin / float64(len(end.Winners))
			}
		}
		return -wWin
	}
	b := newBoard(t)
	n := t.NumPlayers()
	var mat [nec.MaxPlayers]float64
	for _, pc := range b.pieces {
		mat[pc.Owner] += value(pc.Kind)
	}
	if mat[p] == 0 {
		return -wWin
	}
	my := float64(t.Player(p).Score)
	best, sum, alive := 0.0, 0.0, 0
	matOthers := 0.0
	for q := 0; q < n; q++ {
		if q == p {
			continue
		}
		sc := float64(t.Player(q).Score)
		best = max(best, sc)
		sum += sc
		if mat[q] > 0 {
			matOthers += mat[q]
			alive++
		}
	}
	val := my - (best+sum/float64(n-1))/2
	if alive > 0 {
		val += wMaterial * (mat[p] - matOthers/float64(alive))
	}

	var sure []float64
	var hang []float64
	var take []float64
	chance := make(map[int][]float64)
	for i, pc := range b.pieces {
		v := value(pc.Kind)
		var minEnemy, minOwn float64 = 1e9, 1e9
		enemy, own := false, false
		for _, a := range b.attackers[i] {
			ap := b.pieces[a]
			if ap.Owner == pc.Owner {
				own = true
				continue
			}
			if pc.Owner == p || ap.Owner == p {
				enemy = true
				minEnemy = min(minEnemy, value(ap.Kind))
			}
			if ap.Owner == p {
				minOwn = min(minOwn, value(ap.Kind))
			}
		}
		if pc.Owner == p {
			loss := 0.0
			if enemy {
				loss = v
				if own {
					loss = max(v-minEnemy, 0)
				}
			}
			switch {
			case enemy && pc.Capturable():
				sure = append(sure, loss)
			case b.crowded[i]:
				hang = append(hang, v) // it must leave or die (N5)
			case enemy && loss > 0:
				hang = append(hang, loss)
			}
			continue
		}
		if minOwn > 1e8 {
			continue // not attacked by p
		}
		gain := v
		if own {
			gain = v - minOwn
		}
		if gain <= 0 {
			continue
		}
		if pc.Capturable() {
			take = append(take, gain)
		} else {
			chance[pc.Owner] = append(chance[pc.Owner], gain)
		}
	}
	val -= topRest(sure, wSureTop, wSureRest)
	val -= topRest(hang, wHangOne, wHangMulti)
	val += topRest(take, wTakeTop, wTakeRest)
	for _, g := range chance {
		val += topRest(g, wChanceOne, wChance)
	}

	// Approach: bring the pieces (not the pawns, which cannot turn) towards the enemy.
	for _, pc := range b.pieces {
		if pc.Owner != p || pc.Kind == nec.Pawn {
			continue
		}
		d := int64(approachCap)
		for _, e := range b.pieces {
			if e.Owner != p {
				d = min(d, max(absInt(e.Sq.X-pc.Sq.X), absInt(e.Sq.Y-pc.Sq.Y)))
			}
		}
		val -= wApproach * float64(d)
	}
	return val
}

// topRest weighs the largest value of v by top and the others by rest.
func topRest(v []float64, top, rest float64) float64 {
	if len(v) == 0 {
		return 0
	}
	m, s := 0.0, 0.0
	for _, x := range v {
		m = max(m, x)
		s += x
	}
	return top*m + rest*(s-m)
}

func absInt(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
