// Package notify routes customer messages to the email and SMS providers.
package notify

import (
	"context"
	"fmt"
	"strings"
	"text/template"

	"github.com/ironbridge-leasing/railcars/internal/provider/courier"
	"github.com/ironbridge-leasing/railcars/internal/provider/smsgw"
)

// Channels.
const (
	Email = "EMAIL"
	SMS   = "SMS"
)

// Message is a templated customer message.
type Message struct {
	Channel        string
	To             string
	Template       string
	Data           map[string]any
	IdempotencyKey string
}

// Sender delivers a message and returns the provider's message id.
type Sender interface {
	Send(ctx context.Context, m Message) (string, error)
}

// SenderFunc adapts a function to Sender.
type SenderFunc func(ctx context.Context, m Message) (string, error)

// Send calls f.
func (f SenderFunc) Send(ctx context.Context, m Message) (string, error) { return f(ctx, m) }

// Router sends each message through the sender for its channel.
type Router map[string]Sender

// Send implements Sender.
func (r Router) Send(ctx context.Context, m Message) (string, error) {
	s, ok := r[m.Channel]
	if !ok {
		return "", fmt.Errorf("notify: no sender for channel %q", m.Channel)
	}
	return s.Send(ctx, m)
}

// EmailSender sends through Courier; the message's IdempotencyKey becomes
// Courier's idempotency_key.
type EmailSender struct {
	Client    *courier.Client
	Templates map[string]string // our template name -> Courier template id
}

// Send implements Sender.
func (e EmailSender) Send(ctx context.Context, m Message) (string, error) {
	tid, ok := e.Templates[m.Template]
	if !ok {
		return "", fmt.Errorf("notify: unknown email template %q", m.Template)
	}
	return e.Client.Send(ctx, courier.Email{
		To:             m.To,
		TemplateID:     tid,
		Data:           m.Data,
		IdempotencyKey: m.IdempotencyKey,
	})
}

// SMSSender renders a text template and sends it through the SMS gateway.
type SMSSender struct {
	Client    *smsgw.Client
	Templates map[string]*template.Template
}

// Send implements Sender.
func (s SMSSender) Send(ctx context.Context, m Message) (string, error) {
	t, ok := s.Templates[m.Template]
	if !ok {
		return "", fmt.Errorf("notify: unknown sms template %q", m.Template)
	}
	var b strings.Builder
	if err := t.Execute(&b, m.Data); err != nil {
		return "", fmt.Errorf("notify: render %s: %w", m.Template, err)
	}
	return s.Client.Send(ctx, m.To, b.String())
}

// DefaultSMSTemplates are the yard contact texts.
func DefaultSMSTemplates() map[string]*template.Template {
	return map[string]*template.Template{
		"car-placed": template.Must(template.New("car-placed").Parse(
			"Car {{.car_mark}} placed at {{.location}} {{.placed_at}}. Free time ends {{.free_until}}.")),
		"release-confirmed": template.Must(template.New("release-confirmed").Parse(
			"Release order {{.order_no}} for {{.car_mark}} confirmed for {{.date}}.")),
	}
}
