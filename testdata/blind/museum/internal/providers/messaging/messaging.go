// Package messaging is a client for Postbox, the transactional email and
// SMS provider.
//
// The email endpoint honours an Idempotency-Key header for 24 hours: a
// repeated request with the same key is acknowledged with the original
// message id and not sent again. The SMS endpoint has no equivalent.
package messaging

import (
	"context"
	"net/http"

	"github.com/northgate-museums/visitor-platform/internal/platform/config"
	"github.com/northgate-museums/visitor-platform/internal/platform/metrics"
	"github.com/northgate-museums/visitor-platform/internal/providers/rest"
)

type Attachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	ContentB64  string `json:"content"`
}

type Email struct {
	From        string            `json:"from"`
	To          []string          `json:"to"`
	Template    string            `json:"template"`
	Data        map[string]any    `json:"data"`
	Attachments []Attachment      `json:"attachments,omitempty"`
	Tags        []string          `json:"tags,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

type SendResult struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

type sendOptions struct {
	idempotencyKey string
}

type SendOption func(*sendOptions)

// WithIdempotencyKey sets the Idempotency-Key header on the send request.
func WithIdempotencyKey(key string) SendOption {
	return func(o *sendOptions) { o.idempotencyKey = key }
}

type EmailClient struct {
	rest *rest.Client
	from string
}

func NewEmailClient(cfg *config.Config, m *metrics.Registry) *EmailClient {
	key := cfg.Messaging.APIKey
	return &EmailClient{
		rest: rest.New("postbox-email", cfg.Messaging.BaseURL, cfg.Messaging.Timeout, m, func(r *http.Request) {
			r.Header.Set("Authorization", "Bearer "+key)
		}),
		from: cfg.Messaging.FromEmail,
	}
}

func (c *EmailClient) Send(ctx context.Context, e Email, opts ...SendOption) (*SendResult, error) {
	var o sendOptions
	for _, fn := range opts {
		fn(&o)
	}
	if e.From == "" {
		e.From = c.from
	}
	h := http.Header{}
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	var out SendResult
	if _, err := c.rest.Call(ctx, "send_email", http.MethodPost, "/email", h, e, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

type SMS struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
}

type SMSClient struct {
	rest *rest.Client
	from string
}

func NewSMSClient(cfg *config.Config, m *metrics.Registry) *SMSClient {
	key := cfg.Messaging.APIKey
	return &SMSClient{
		rest: rest.New("postbox-sms", cfg.Messaging.BaseURL, cfg.Messaging.Timeout, m, func(r *http.Request) {
			r.Header.Set("Authorization", "Bearer "+key)
		}),
		from: cfg.Messaging.FromSMS,
	}
}

func (c *SMSClient) Send(ctx context.Context, to, body string) (*SendResult, error) {
	var out SendResult
	msg := SMS{From: c.from, To: to, Body: body}
	if _, err := c.rest.Call(ctx, "send_sms", http.MethodPost, "/sms", nil, msg, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
