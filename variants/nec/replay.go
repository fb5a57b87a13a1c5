package nec

import "fmt"

// Replay resolves updates one after the other from start. It returns the state after each
// update and each update's report, so that a UI can step through a game and animate it. It
// stops with an error if the game ends before the last update.
func Replay(start State, updates [][]Order) ([]State, []Report, error) {
	states := make([]State, 0, len(updates))
	reports := make([]Report, 0, len(updates))
	s := start
	for _, orders := range updates {
		ns, rep, err := s.Resolve(orders)
		if err != nil {
			return states, reports, fmt.Errorf("update %d: %w", s.update+1, err)
		}
		states = append(states, ns)
		reports = append(reports, rep)
		s = ns
	}
	return states, reports, nil
}
