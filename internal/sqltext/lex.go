package sqltext

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind classifies a token of SQL text.
type tokKind int

const (
	tWord   tokKind = iota // keyword or bare identifier
	tQuoted                // "ident", `ident`, [ident]
	tString                // 'text'
	tNumber
	tParam // $1, ?, :name, @name
	tPunct // ( ) , ; and operators
)

type token struct {
	kind tokKind
	text string // for tWord upper-cased; for tQuoted without quotes
	raw  string
	off  int // byte offset in the text
}

// lex splits SQL text into tokens. It never fails: a character it does not
// understand becomes a one-character punctuation token, so that fragments
// and dialect extensions degrade into "unknown" rather than errors.
func lex(s string) []token {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		start := i
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
			continue
		case strings.HasPrefix(s[i:], "--"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 4
			}
			continue
		case c == '\'':
			i = skipQuoted(s, i, '\'')
			toks = append(toks, token{tString, s[start:i], s[start:i], start})
			continue
		case c == '"' || c == '`':
			i = skipQuoted(s, i, c)
			toks = append(toks, token{tQuoted, unquote(s[start:i]), s[start:i], start})
			continue
		case c == '[':
			end := strings.IndexByte(s[i:], ']')
			if end < 0 {
				end = len(s) - i - 1
			}
			i += end + 1
			if arraySuffix(s, start, i) {
				// PostgreSQL's text[] or a[1]: a type's or a value's
				// subscript, not a quoted name.
				toks = append(toks, token{tPunct, s[start:i], s[start:i], start})
				continue
			}
			toks = append(toks, token{tQuoted, strings.Trim(s[start:i], "[]"), s[start:i], start})
			continue
		case c == '$' && i+1 < len(s) && isDigit(s[i+1]):
			i++
			for i < len(s) && isDigit(s[i]) {
				i++
			}
		case c == '?':
			i++
		case (c == ':' || c == '@') && i+1 < len(s) && isIdentStart(rune(s[i+1])) && !(c == ':' && i > 0 && s[i-1] == ':'):
			i++
			for i < len(s) && isIdentPart(rune(s[i])) {
				i++
			}
		case isDigit(c):
			for i < len(s) && (isDigit(s[i]) || s[i] == '.') {
				i++
			}
			toks = append(toks, token{tNumber, s[start:i], s[start:i], start})
			continue
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if isIdentStart(r) {
				for i < len(s) {
					r, size := utf8.DecodeRuneInString(s[i:])
					if !isIdentPart(r) {
						break
					}
					i += size
				}
				toks = append(toks, token{tWord, strings.ToUpper(s[start:i]), s[start:i], start})
				continue
			}
			i += size
			if c == ':' && i < len(s) && s[i] == ':' { // PostgreSQL cast
				i++
			}
			toks = append(toks, token{tPunct, s[start:i], s[start:i], start})
			continue
		}
		toks = append(toks, token{tParam, s[start:i], s[start:i], start})
	}
	return toks
}

// skipQuoted returns the offset after the quoted text starting at i, where
// a doubled quote character stands for itself.
func skipQuoted(s string, i int, q byte) int {
	for i++; i < len(s); i++ {
		if s[i] == q {
			if i+1 < len(s) && s[i+1] == q {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(s)
}

func unquote(s string) string {
	if len(s) >= 2 {
		s = s[1 : len(s)-1]
	}
	return s
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }

func isIdentPart(r rune) bool {
	return r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// arraySuffix reports whether the brackets s[start:end] follow a name
// or another subscript with no space between, or hold nothing or a
// number: an array's type (text[]) or subscript (a[1]), where SQL
// Server's [name] would hold a name.
func arraySuffix(s string, start, end int) bool {
	inner := ""
	if end-1 > start+1 {
		inner = strings.TrimSpace(s[start+1 : end-1])
	}
	if inner == "" || strings.Trim(inner, "0123456789:") == "" {
		return true
	}
	return start > 0 && (isIdentStart(rune(s[start-1])) || isDigit(s[start-1]) || s[start-1] == ']')
}

// Positional rewrites the named parameters of text (:name) as
// PostgreSQL's positional ones, numbered in order of appearance, as
// sqlx's Named and Rebind do before the statement runs, and returns the
// names in that order. ok is false when the text has no named parameter
// or mixes them with positional ones.
func Positional(text string) (out string, names []string, ok bool) {
	var b strings.Builder
	last := 0
	for _, t := range lex(text) {
		if t.kind != tParam {
			continue
		}
		if !strings.HasPrefix(t.raw, ":") {
			return "", nil, false
		}
		names = append(names, t.raw[1:])
		b.WriteString(text[last:t.off])
		b.WriteString("$" + strconv.Itoa(len(names)))
		last = t.off + len(t.raw)
	}
	if len(names) == 0 {
		return "", nil, false
	}
	b.WriteString(text[last:])
	return b.String(), names, true
}
