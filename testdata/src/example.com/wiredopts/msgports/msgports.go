// Package msgports declares the messenger the text jobs use, with the
// options of one text.
package msgports

import "context"

// SMSOptions tune one text.
type SMSOptions struct {
	ClientReference string
	ValidityMinutes int
}

// SMSOption sets an option.
type SMSOption func(*SMSOptions)

// WithClientReference sets the provider's client_reference field.
func WithClientReference(ref string) SMSOption {
	return func(o *SMSOptions) { o.ClientReference = ref }
}

// WithValidity sets how long the provider keeps trying.
func WithValidity(minutes int) SMSOption {
	return func(o *SMSOptions) { o.ValidityMinutes = minutes }
}

// Messenger texts; main wires it.
type Messenger interface {
	SendSMS(ctx context.Context, to, body string, opts ...SMSOption) error
}

// A Message is a text the jobs record before they send it.
type Message struct{ ID, Ref, Status string }

// Messages records texts; main wires it.
type Messages interface {
	// Claim records m once per Ref and returns the row recorded,
	// this one or the one there before.
	Claim(ctx context.Context, m Message) (Message, error)
	// Reserve records m once per Ref and says whether this call did.
	Reserve(ctx context.Context, m Message) (bool, error)
	MarkSent(ctx context.Context, id string) error
}

// A Note is a text the caller may give a reference of its own.
type Note struct{ To, Body, Ref string }

// Notifier sends notes; main wires it.
type Notifier interface {
	SendNote(ctx context.Context, n Note, opts ...SMSOption) error
	SendTagged(ctx context.Context, n Note) error
}
