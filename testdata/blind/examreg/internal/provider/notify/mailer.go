// Package notify sends transactional email through the mail relay's HTTP API.
package notify

import (
	"context"
	"net/http"
	"time"

	"github.com/lexicaassess/examreg/internal/platform/httpx"
)

// Options configures the mail relay client.
type Options struct {
	BaseURL    string
	Token      string
	From       string
	Timeout    time.Duration
	HTTPClient *http.Client
}

// Email is one templated message.
type Email struct {
	To       string            `json:"to"`
	From     string            `json:"from"`
	Template string            `json:"template"`
	Locale   string            `json:"locale,omitempty"`
	Vars     map[string]string `json:"vars"`
}

// SendOption tweaks a send.
type SendOption func(*sendConfig)

type sendConfig struct {
	dedupKey string
	tags     []string
}

// WithDedupKey sets the relay's Idempotency-Key: a second send with the same
// key within 24 hours is accepted but not delivered.
func WithDedupKey(key string) SendOption { return func(c *sendConfig) { c.dedupKey = key } }

// WithTags labels the message for the relay's analytics.
func WithTags(tags ...string) SendOption {
	return func(c *sendConfig) { c.tags = append(c.tags, tags...) }
}

// Mailer sends email.
type Mailer struct {
	base  string
	token string
	from  string
	http  httpx.Doer
}

// NewMailer builds a Mailer.
func NewMailer(opts Options) *Mailer {
	hc := opts.HTTPClient
	if hc == nil {
		if opts.Timeout == 0 {
			opts.Timeout = 10 * time.Second
		}
		hc = &http.Client{Timeout: opts.Timeout}
	}
	return &Mailer{base: opts.BaseURL, token: opts.Token, from: opts.From, http: hc}
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send delivers e and returns the relay's message ID.
func (m *Mailer) Send(ctx context.Context, e Email, opts ...SendOption) (string, error) {
	var cfg sendConfig
	for _, o := range opts {
		o(&cfg)
	}
	if e.From == "" {
		e.From = m.from
	}
	reqOpts := []httpx.RequestOption{httpx.Bearer(m.token), httpx.IdempotencyKey(cfg.dedupKey)}
	for _, t := range cfg.tags {
		reqOpts = append(reqOpts, func(r *http.Request) { r.Header.Add("X-Tag", t) })
	}
	req, err := httpx.JSON(ctx, http.MethodPost, m.base, "/v3/send", e, reqOpts...)
	if err != nil {
		return "", err
	}
	var out sendResponse
	if err := httpx.Do(m.http, req, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
