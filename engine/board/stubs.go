package board

// This file holds the parts of the API still being written.

// DivideResult is one line of Divide: a legal move and the number of leaf
// nodes below it.
type DivideResult struct {
	Move  Move
	Nodes uint64
}

// GenerateMoves appends all legal moves to l.
func (p *Position) GenerateMoves(l *MoveList) {}

// GenerateNoisy appends the legal captures and queen promotions to l.
func (p *Position) GenerateNoisy(l *MoveList) {}

// GenerateQuiet appends the other legal moves to l.
func (p *Position) GenerateQuiet(l *MoveList) {}

// MakeMove plays the legal move m.
func (p *Position) MakeMove(m Move) {}

// UnmakeMove takes back the last move.
func (p *Position) UnmakeMove() {}

// MakeNullMove passes the turn.
func (p *Position) MakeNullMove() {}

// UnmakeNullMove takes back a null move.
func (p *Position) UnmakeNullMove() {}

// Moving returns the piece that moves.
func (p *Position) Moving(m Move) Piece { return p.board[m.From()] }

// Captured returns the type of the piece m captures.
func (p *Position) Captured(m Move) PieceType { return NoPieceType }

// IsCapture reports whether m captures.
func (p *Position) IsCapture(m Move) bool { return false }

// GivesCheck reports whether m gives check.
func (p *Position) GivesCheck(m Move) bool { return false }

// IsRepetition reports a repetition.
func (p *Position) IsRepetition() bool { return false }

// RepetitionCount counts repetitions.
func (p *Position) RepetitionCount() int { return 0 }

// IsInsufficientMaterial reports a dead draw by material.
func (p *Position) IsInsufficientMaterial() bool { return false }

// ParseMove reads a UCI move.
func (p *Position) ParseMove(s string) (Move, error) { return NoMove, nil }

// String returns a diagram.
func (p *Position) String() string { return p.FEN() }

// Perft counts leaf nodes.
func Perft(p *Position, depth int) uint64 { return 0 }

// Divide counts leaf nodes per move.
func Divide(p *Position, depth int) []DivideResult { return nil }
