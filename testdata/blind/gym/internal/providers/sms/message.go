package sms

import "time"

// Message is one outbound text. Build it with NewMessage and options.
type Message struct {
	To              string
	Body            string
	Sender          string
	IdempotencyKey  string
	ClientReference string
	SendAt          *time.Time
	Tags            []string
	ValidityPeriod  time.Duration
}

type Option func(*Message)

// WithSender overrides the client's default sender ID.
func WithSender(sender string) Option {
	return func(m *Message) { m.Sender = sender }
}

// WithIdempotencyKey sets the Idempotency-Key header; the provider returns
// the original message for a repeated key within 24 hours.
func WithIdempotencyKey(key string) Option {
	return func(m *Message) { m.IdempotencyKey = key }
}

// WithClientReference attaches our own reference, echoed in status callbacks.
func WithClientReference(ref string) Option {
	return func(m *Message) { m.ClientReference = ref }
}

// WithSendAt schedules the message for later delivery.
func WithSendAt(t time.Time) Option {
	return func(m *Message) { m.SendAt = &t }
}

func WithTags(tags ...string) Option {
	return func(m *Message) { m.Tags = append(m.Tags, tags...) }
}

func WithValidity(d time.Duration) Option {
	return func(m *Message) { m.ValidityPeriod = d }
}

func NewMessage(to, body string, opts ...Option) Message {
	m := Message{To: to, Body: body, ValidityPeriod: 4 * time.Hour}
	for _, opt := range opts {
		opt(&m)
	}
	return m
}
