// Package mailer sends transactional email through Mailrelay.
//
// Mailrelay honours an X-Idempotency-Key header for 24 hours: a second send
// with the same key is acknowledged without delivering another message.
package mailer

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Attachment is a file attached to an email.
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	URL         string `json:"url"`
}

// Email is one outbound message.
type Email struct {
	To             string            `json:"to"`
	Template       string            `json:"template"`
	Data           map[string]string `json:"data"`
	Attachments    []Attachment      `json:"attachments,omitempty"`
	IdempotencyKey string            `json:"-"`
}

// Sender sends email.
type Sender interface {
	Send(ctx context.Context, e Email) (string, error)
}

type relay struct {
	base   string
	apiKey string
	from   string
	hc     *retryablehttp.Client
}

// NewRelay builds the Mailrelay sender.
func NewRelay(base, apiKey, from string, hc *retryablehttp.Client) Sender {
	return &relay{base: base, apiKey: apiKey, from: from, hc: hc}
}

func (r *relay) Send(ctx context.Context, e Email) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+r.apiKey)
	if e.IdempotencyKey != "" {
		h.Set("X-Idempotency-Key", e.IdempotencyKey)
	}
	body := struct {
		From string `json:"from"`
		Email
	}{From: r.from, Email: e}
	var out struct {
		MessageID string `json:"message_id"`
	}
	if err := platform.DoJSON(ctx, r.hc, "mailrelay", http.MethodPost, r.base+"/messages", h, body, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}

// Logged wraps a Sender with structured logging of every send.
func Logged(next Sender, log *slog.Logger) Sender {
	return &logged{next: next, log: log}
}

type logged struct {
	next Sender
	log  *slog.Logger
}

func (l *logged) Send(ctx context.Context, e Email) (string, error) {
	start := time.Now()
	id, err := l.next.Send(ctx, e)
	l.log.InfoContext(ctx, "email sent",
		"template", e.Template, "to", e.To, "message_id", id,
		"took", time.Since(start), "err", err)
	return id, err
}
