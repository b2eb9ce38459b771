// Package mailer is the client for the transactional email provider. The
// provider treats message_ref as an idempotency key: a second send with a
// message_ref it has already accepted is acknowledged but not delivered.
package mailer

import (
	"github.com/kindredgive/donations/internal/platform/idgen"
)

// Message is one templated email.
type Message struct {
	MessageRef string            `json:"message_ref"`
	To         Address           `json:"to"`
	From       Address           `json:"from"`
	ReplyTo    *Address          `json:"reply_to,omitempty"`
	TemplateID string            `json:"template_id"`
	Subject    string            `json:"subject,omitempty"`
	Variables  map[string]any    `json:"variables,omitempty"`
	Tags       []string          `json:"tags,omitempty"`
	Headers    map[string]string `json:"headers,omitempty"`
}

// Address is a mailbox.
type Address struct {
	Email string `json:"email"`
	Name  string `json:"name,omitempty"`
}

// MessageOption customises a Message.
type MessageOption func(*Message)

// WithRef sets the provider message_ref explicitly.
func WithRef(ref string) MessageOption {
	return func(m *Message) { m.MessageRef = ref }
}

// WithVars merges template variables.
func WithVars(vars map[string]any) MessageOption {
	return func(m *Message) {
		if m.Variables == nil {
			m.Variables = map[string]any{}
		}
		for k, v := range vars {
			m.Variables[k] = v
		}
	}
}

// WithTags adds provider-side tags for analytics.
func WithTags(tags ...string) MessageOption {
	return func(m *Message) { m.Tags = append(m.Tags, tags...) }
}

// WithSubject overrides the template's subject line.
func WithSubject(s string) MessageOption {
	return func(m *Message) { m.Subject = s }
}

// NewMessage builds a templated message to a single recipient.
func NewMessage(to Address, templateID string, opts ...MessageOption) Message {
	m := Message{To: to, TemplateID: templateID}
	for _, o := range opts {
		o(&m)
	}
	if m.MessageRef == "" {
		m.MessageRef = idgen.Prefixed("msg")
	}
	return m
}
