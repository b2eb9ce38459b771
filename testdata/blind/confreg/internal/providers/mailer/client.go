// Package mailer sends transactional e-mail through Postbird's HTTP API.
//
// Postbird de-duplicates on the Message-Id header: a message whose id it has
// accepted in the last 72 hours is acknowledged and dropped. The id must be a
// valid RFC 5322 msg-id ("<left@right>").
package mailer

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/halcyonevents/confreg/internal/providers/httpx"
)

// Config configures the client.
type Config struct {
	BaseURL     string
	APIKey      string
	FromAddress string
	Timeout     time.Duration
}

// Client sends mail through Postbird.
type Client struct {
	http *httpx.Client
	from string
}

// New returns a Client.
func New(cfg Config) *Client {
	return &Client{
		from: cfg.FromAddress,
		http: &httpx.Client{
			BaseURL:     cfg.BaseURL,
			HTTP:        &http.Client{Timeout: cfg.Timeout},
			Auth:        httpx.BearerAuth(cfg.APIKey),
			MaxAttempts: 4,
			Backoff:     500 * time.Millisecond,
		},
	}
}

// Message is one templated e-mail.
type Message struct {
	ID       string         `json:"-"`
	To       string         `json:"to"`
	Subject  string         `json:"subject,omitempty"`
	Template string         `json:"template"`
	Vars     map[string]any `json:"vars,omitempty"`
	From     string         `json:"from"`
}

// ErrMissingID is returned when a message has no Message-Id.
var ErrMissingID = errors.New("mailer: message id required")

// Send submits a message.
func (c *Client) Send(ctx context.Context, m Message) error {
	if m.ID == "" || !strings.HasPrefix(m.ID, "<") {
		return ErrMissingID
	}
	if m.From == "" {
		m.From = c.from
	}
	h := http.Header{}
	h.Set("Message-Id", m.ID)
	return c.http.Do(ctx, httpx.Request{
		Method: http.MethodPost,
		Path:   "/v1/messages",
		Header: h,
		Body:   m,
		Retry:  true,
	}, nil)
}

// MessageID builds a msg-id from a local part.
func MessageID(local string) string {
	return "<" + local + "@mail.confreg.io>"
}
