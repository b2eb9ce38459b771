// Package xids makes the IDs of another package's services.
package xids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
)

// NewHoldID returns a fresh, prefixed ID.
func NewHoldID() string { return "hold_" + uuid.NewString() }

// Region returns the same value on every call.
func Region() string { return "eu" }

// NewReference returns a reference made of random bytes, read out over
// the phone: fresh on every call.
func NewReference(prefix string) string {
	return prefix + "-" + randomCode(5)
}

func randomCode(n int) string {
	buf := make([]byte, n)
	if _, err := rand.Read(buf); err != nil {
		panic(err)
	}
	return strings.ToUpper(hex.EncodeToString(buf))[:n]
}

// Checksum returns the same value for the same input.
func Checksum(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// RequestKey returns 16 random bytes in hex, read from an array.
func RequestKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// A Line is a billable line.
type Line struct{ ID, Kind string }

// A LineOption sets a field of a line.
type LineOption func(*Line)

// WithLineKey gives the line the caller's ID.
func WithLineKey(key string) LineOption { return func(l *Line) { l.ID = key } }

// WithKind sets the line's kind.
func WithKind(kind string) LineOption { return func(l *Line) { l.Kind = kind } }

// NewLine makes a line from the options, with a fresh ID when none of
// them gives one.
func NewLine(opts ...LineOption) *Line {
	l := &Line{}
	for _, o := range opts {
		o(l)
	}
	if l.ID == "" {
		l.ID = uuid.NewString()
	}
	return l
}

// A Note is a message to send once.
type Note struct{ To, DedupID string }

// A NoteBuilder builds a note.
type NoteBuilder struct{ n Note }

// For starts a note to to.
func For(to string) *NoteBuilder { return &NoteBuilder{n: Note{To: to}} }

// Dedup sets the note's deduplication ID.
func (b *NoteBuilder) Dedup(id string) *NoteBuilder { b.n.DedupID = id; return b }

// Build returns the note, with a fresh deduplication ID when none was
// set.
func (b *NoteBuilder) Build() Note {
	n := b.n
	if n.DedupID == "" {
		n.DedupID = uuid.NewString()
	}
	return n
}

// LineRef returns the ID the options give a line, or a fresh one: the
// fresh value is the whole result.
func LineRef(opts ...LineOption) string {
	l := &Line{}
	for _, o := range opts {
		o(l)
	}
	if l.ID == "" {
		return uuid.NewString()
	}
	return l.ID
}
