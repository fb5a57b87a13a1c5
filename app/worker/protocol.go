package worker

import (
	"encoding/json"
	"fmt"

	"github.com/plyground/plyground/engine/search"
	"github.com/plyground/plyground/variants/nec/bot"
)

// Version is the version of the protocol this package speaks. Version 1 (messages without
// "v") had the think and cancel requests only; version 2 adds the Never-Ending Chess request,
// the heartbeat and the version itself; version 3 the analysis requests (analyse, review,
// solve) and their streamed replies (report, progress). A worker serves the requests of every
// version up to its own; the page checks the version of the worker's ready message.
const Version = 3

// The message types.
const (
	// TypeThink asks for the computer's turn of an 8x8 game (page to worker).
	TypeThink = "think"
	// TypeNEC asks for a Never-Ending Chess bot's order (page to worker).
	TypeNEC = "nec"
	// TypeCancel stops a request under way; it has no answer (page to worker).
	TypeCancel = "cancel"
	// TypeReady says the worker has started (worker to page, once).
	TypeReady = "ready"
	// TypeResult answers a request (worker to page).
	TypeResult = "result"
	// TypeBusy says the worker is still thinking about request ID: the heartbeat it sends
	// every BeatEvery while it thinks (worker to page).
	TypeBusy = "busy"
	// TypeAnalyse asks for the analysis of the current position of a game record, reported
	// after each depth (TypeReport) until its budget, a cancel, or a proven result; the
	// result carries the last report (page to worker). Without a budget it runs until
	// cancelled: the analysis board's continuous analysis. A hint is an analyse request
	// with a budget, whose Analysis.Best is the turn to show.
	TypeAnalyse = "analyse"
	// TypeReview asks for the review of every turn of a game record, with its progress
	// (TypeProgress); the result carries the review's text (page to worker).
	TypeReview = "review"
	// TypeSolve asks the series-mate solver for the current position of a progressive game
	// record, with its progress (TypeProgress) (page to worker).
	TypeSolve = "solve"
	// TypeReport is one iteration of an analysis under way (worker to page).
	TypeReport = "report"
	// TypeProgress is the progress of a review (positions done of Total) or of a solve
	// (nodes done of Total) (worker to page).
	TypeProgress = "progress"
)

// Request is a message from the page. The messages are JSON texts:
//
//	{"type":"think","v":2,"id":7,"record":"<turn.Record encoding>","level":3,"seed":42}
//	{"type":"nec","v":2,"id":8,"state":"<nec.State encoding>","player":2,"level":3,"seed":9}
//	{"type":"cancel","v":2,"id":7}
type Request struct {
	Type string `json:"type"`
	// V is the protocol version of the message (0: version 1).
	V  int `json:"v,omitempty"`
	ID int `json:"id"`
	// Record is the 8x8 game so far (think).
	Record string `json:"record,omitempty"`
	// State is the Never-Ending Chess board the bot plays on (nec).
	State string `json:"state,omitempty"`
	// Player is the bot's player on State (nec).
	Player int `json:"player,omitempty"`
	// Level is the strength: 1 to 5 for think, 1 to bot.MaxLevel for nec.
	Level int `json:"level,omitempty"`
	// Seed makes the answer reproducible (think: the level's imprecision; nec: the bot's ties).
	Seed uint64 `json:"seed,omitempty"`
	// Depth, Nodes and Millis bound an analysis (per position in a review; Nodes alone for a
	// solve); none: until cancelled (analyse), DefaultReviewDepth (review), the solver's
	// default budget (solve).
	Depth  int   `json:"depth,omitempty"`
	Nodes  int64 `json:"nodes,omitempty"`
	Millis int64 `json:"ms,omitempty"`
}

// Response is a message to the page:
//
//	{"type":"ready","v":2}                  once, when the engine has started
//	{"type":"busy","v":2,"id":7}            while request 7 is being thought about
//	{"type":"result","v":2,"id":7,"actions":["e2e4"],"score":25,"depth":9,"nodes":81234}
//	{"type":"result","v":2,"id":8,"order":"Rx(12,15) / R(7,13)","nodes":812}
//	{"type":"result","v":2,"id":7,"err":"..."}   when the request cannot be served
//
// A cancelled request is still answered (with the best found so far): the page ignores
// answers to requests it no longer waits for.
type Response struct {
	Type string `json:"type"`
	V    int    `json:"v,omitempty"`
	ID   int    `json:"id,omitempty"`
	// Actions are the 8x8 turn's actions, as turn.Action.String() texts, in order (think).
	Actions []string `json:"actions,omitempty"`
	// Score is for the side that moves, in centipawns (think).
	Score int `json:"score,omitempty"`
	Depth int `json:"depth,omitempty"`
	// Nodes counts the positions searched (think) or resolved and scored (nec).
	Nodes int64 `json:"nodes,omitempty"`
	Mate  bool  `json:"mate,omitempty"`
	// Order is the bot's order in the notation of RULES.md 11.1, as nec.State.FormatOrder
	// writes it on the request's board; "" when the bot passes (nec).
	Order string `json:"order,omitempty"`
	// Analysis is an iteration of an analysis (report) or its last one (result of analyse).
	Analysis *Analysis `json:"analysis,omitempty"`
	// Review is the review's text, app/analysis.Review.Encode (result of review).
	Review string `json:"review,omitempty"`
	// Done and Total are a review's positions, or a solve's nodes (progress).
	Done  int64 `json:"done,omitempty"`
	Total int64 `json:"total,omitempty"`
	// Series, Text and Proved answer a solve: the mating series (as turn.Action.String
	// texts) and in notation, or Proved when none exists; neither when the budget ran out.
	Series []string `json:"series,omitempty"`
	Text   string   `json:"text,omitempty"`
	Proved bool     `json:"proved,omitempty"`
	// Err says why the request cannot be served ("" on success).
	Err string `json:"err,omitempty"`
}

// Limits of a request.
const (
	// MaxMessage bounds the length of a message the worker reads.
	MaxMessage = 1<<20 + 1024
	// MaxBotPieces bounds the pieces of a Never-Ending Chess board a bot plays on: far more
	// than a game holds (at most 16 a player), so that any board of a game or a link is
	// served, and few enough that one position of the bot's search stays short.
	MaxBotPieces = 1024
)

// ParseRequest reads a message from the page and checks its type, version and level.
func ParseRequest(text string) (Request, error) {
	var r Request
	if len(text) > MaxMessage {
		return r, fmt.Errorf("message of %d bytes is too long (at most %d)", len(text), MaxMessage)
	}
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		return r, fmt.Errorf("bad message: %w", err)
	}
	if r.V < 0 || r.V > Version {
		return r, fmt.Errorf("message of protocol version %d; this engine speaks %d: reload the page", r.V, Version)
	}
	switch r.Type {
	case TypeThink:
		if r.Level < search.MinLevel || r.Level > search.MaxLevel {
			return r, fmt.Errorf("level %d is not %d to %d", r.Level, search.MinLevel, search.MaxLevel)
		}
	case TypeNEC:
		if r.V < 2 {
			return r, fmt.Errorf("a %q request needs protocol version 2", r.Type)
		}
		if r.Level < 1 || r.Level > bot.MaxLevel {
			return r, fmt.Errorf("bot level %d is not 1 to %d", r.Level, bot.MaxLevel)
		}
	case TypeAnalyse, TypeReview, TypeSolve:
		if r.V < 3 {
			return r, fmt.Errorf("a %q request needs protocol version 3", r.Type)
		}
		if r.Depth < 0 || r.Depth > search.MaxDepth || r.Nodes < 0 || r.Millis < 0 {
			return r, fmt.Errorf("a %q request with depth %d, nodes %d, %d ms", r.Type, r.Depth, r.Nodes, r.Millis)
		}
	case TypeCancel:
	default:
		return r, fmt.Errorf("unknown message type %q", r.Type)
	}
	return r, nil
}

// Encode writes a message as the JSON text that travels.
func Encode(m any) string {
	b, err := json.Marshal(m)
	if err != nil {
		return `{"type":"result","err":"cannot encode the message"}`
	}
	return string(b)
}

// ParseResponse reads a message from the worker.
func ParseResponse(text string) (Response, error) {
	var r Response
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		return r, fmt.Errorf("bad message from the engine: %w", err)
	}
	return r, nil
}
