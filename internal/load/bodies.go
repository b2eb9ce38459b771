package load

import (
	"go/scanner"
	"go/token"
)

// blankBodies returns a copy of a Go file's source in which the inside of
// every outermost {...} is blanked, except those of struct and interface
// types and of array literals whose length is their element count
// ([...]T{...}). That removes function bodies, the only part of a
// dependency's file its importers' types do not need, and the elements
// of composite literals, such as the large tables of golang.org/x/text,
// which leave their variables' types unchanged; parsing and
// type-checking the rest costs a fraction of the whole. Blanking keeps
// newlines and replaces every other byte with a space, so every position
// that remains is where it was.
func blankBodies(src []byte) []byte {
	out := []byte(nil) // a copy, made at the first blanking
	file := token.NewFileSet().AddFile("", -1, len(src))
	var sc scanner.Scanner
	sc.Init(file, src, nil, 0) // errors are the parser's to report
	// open holds the offsets of the unclosed braces, or -1 for a brace
	// that stays: a type's, an element-counted array's, or one inside
	// either.
	var open []int
	var prev, prev2 token.Token // the two tokens before this one
	counted := false            // a [...] array type since the declaration began
	for {
		pos, tok, _ := sc.Scan()
		if tok == token.EOF {
			break
		}
		switch tok {
		case token.LBRACE:
			off := file.Offset(pos)
			if prev == token.STRUCT || prev == token.INTERFACE || counted || len(open) > 0 {
				off = -1
			}
			open = append(open, off)
		case token.RBRACE:
			if n := len(open); n > 0 {
				start := open[n-1]
				open = open[:n-1]
				if start >= 0 && len(open) == 0 {
					if out == nil {
						out = append([]byte(nil), src...)
					}
					blank(out[start+1 : file.Offset(pos)])
				}
			}
		case token.RBRACK:
			if prev == token.ELLIPSIS && prev2 == token.LBRACK {
				counted = true
			}
		case token.SEMICOLON:
			if len(open) == 0 {
				counted = false
			}
		}
		prev2, prev = prev, tok
	}
	if out == nil {
		return src
	}
	return out
}

// blank replaces the bytes of b, except newlines, with spaces.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
}
