package board

// Color is the color of a side or a piece: White or Black.
type Color uint8

// The two colors.
const (
	White Color = iota
	Black
)

// Other returns the opposite color.
func (c Color) Other() Color {
	return c ^ 1
}

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece regardless of its color. The values rise with
// the piece's worth, so a PieceType doubles as the rank used to order captures
// by most valuable victim, least valuable attacker.
type PieceType uint8

// The piece types.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// NumPieceTypes is the number of PieceType values, NoPieceType included, for
// tables indexed by piece type.
const NumPieceTypes = 7

// pieceTypeLetters are the FEN letters of the piece types (White's, upper case).
const pieceTypeLetters = " PNBRQK"

// String returns the piece type's lower-case letter, such as "n", or "" for
// NoPieceType.
func (t PieceType) String() string {
	if t == NoPieceType || t > King {
		return ""
	}
	return string(pieceTypeLetters[t] + 'a' - 'A')
}

// Piece is a colored piece: the piece type in the low three bits and the color
// in the bit above them, so NoPiece is zero and a Piece can index a table of
// 16 entries.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// The twelve pieces.
const (
	WhitePawn   = Piece(Pawn)
	WhiteKnight = Piece(Knight)
	WhiteBishop = Piece(Bishop)
	WhiteRook   = Piece(Rook)
	WhiteQueen  = Piece(Queen)
	WhiteKing   = Piece(King)
	BlackPawn   = Piece(Pawn) | 8
	BlackKnight = Piece(Knight) | 8
	BlackBishop = Piece(Bishop) | 8
	BlackRook   = Piece(Rook) | 8
	BlackQueen  = Piece(Queen) | 8
	BlackKing   = Piece(King) | 8
)

// MakePiece returns the piece of color c and type t.
func MakePiece(c Color, t PieceType) Piece {
	return Piece(c)<<3 | Piece(t)
}

// Color returns the piece's color (White for NoPiece).
func (p Piece) Color() Color {
	return Color(p >> 3)
}

// Type returns the piece's type, NoPieceType for NoPiece.
func (p Piece) Type() PieceType {
	return PieceType(p & 7)
}

// Index returns a number from 0 to 11 for the twelve pieces, White's pawn to
// Black's king, for tables indexed by piece. It must not be called on NoPiece.
func (p Piece) Index() int {
	return int(p.Color())*6 + int(p.Type()) - 1
}

// String returns the piece's FEN letter: upper case for White, lower case for
// Black, such as "N" or "q"; "." for NoPiece.
func (p Piece) String() string {
	if p.Type() == NoPieceType || p.Type() > King {
		return "."
	}
	letter := pieceTypeLetters[p.Type()]
	if p.Color() == Black {
		letter += 'a' - 'A'
	}
	return string(letter)
}

// pieceFromLetter returns the piece with FEN letter b, or NoPiece if b is not
// one of "PNBRQKpnbrqk".
func pieceFromLetter(b byte) Piece {
	for t := Pawn; t <= King; t++ {
		switch b {
		case pieceTypeLetters[t]:
			return MakePiece(White, t)
		case pieceTypeLetters[t] + 'a' - 'A':
			return MakePiece(Black, t)
		}
	}
	return NoPiece
}
