package smsgw

import (
	"strings"

	"github.com/quaymile/dispatch/internal/config"
)

// MessageBuilder assembles an outbound SMS.
type MessageBuilder struct {
	m Message
}

// NewMessage starts a message to the E.164 number.
func NewMessage(to string) *MessageBuilder {
	return &MessageBuilder{m: Message{To: normalise(to), ValidityMinutes: 240}}
}

// FromConfig applies the sender id and delivery-receipt callback.
func (b *MessageBuilder) FromConfig(cfg config.Config) *MessageBuilder {
	b.m.From = cfg.SMSSenderID
	b.m.CallbackURL = cfg.SMSCallbackURL
	return b
}

// Text sets the body.
func (b *MessageBuilder) Text(body string) *MessageBuilder {
	b.m.Body = body
	return b
}

// Reference sets the client_reference that TextRelay deduplicates on.
func (b *MessageBuilder) Reference(ref string) *MessageBuilder {
	b.m.ClientReference = ref
	return b
}

// Tag adds an analytics tag.
func (b *MessageBuilder) Tag(k, v string) *MessageBuilder {
	if b.m.Tags == nil {
		b.m.Tags = map[string]string{}
	}
	b.m.Tags[k] = v
	return b
}

// Build returns the message.
func (b *MessageBuilder) Build() Message { return b.m }

func normalise(n string) string {
	n = strings.ReplaceAll(n, " ", "")
	if strings.HasPrefix(n, "00") {
		n = "+" + n[2:]
	}
	return n
}
