package app

import "context"

// A Text is one SMS; the gateway drops a repeat of its Ref.
type Text struct {
	To, Body, Ref string
}

// Texter sends texts.
type Texter interface {
	Send(ctx context.Context, t Text) error
}

// Texts sends texts through the Texter main wires.
type Texts struct{ T Texter }

// Remind sends a text without its reference: a retry sends it again.
func (s *Texts) Remind(ctx context.Context, to string) error {
	return s.T.Send(ctx, Text{To: to, Body: "your slot starts soon"})
}

// Confirm sends a text under the caller's reference: the gateway drops
// the retry's.
func (s *Texts) Confirm(ctx context.Context, key, to string) error {
	return s.T.Send(ctx, Text{To: to, Body: "booked", Ref: key})
}
