// Package mailer sends transactional e-mail through the Postmark-style API.
// The API has no idempotency mechanism.
package mailer

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/keystone-pm/rent/internal/provider/transport"
)

type Client struct {
	baseURL string
	token   string
	from    string
	hc      *http.Client
	policy  transport.Policy
}

type Config struct {
	BaseURL     string
	ServerToken string
	From        string
	Timeout     time.Duration
}

func New(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		token:   cfg.ServerToken,
		from:    cfg.From,
		hc:      &http.Client{Timeout: cfg.Timeout},
		policy:  transport.NoRetry,
	}
}

// Email is a single message.
type Email struct {
	From     string            `json:"From"`
	To       string            `json:"To"`
	Subject  string            `json:"Subject"`
	TextBody string            `json:"TextBody"`
	HTMLBody string            `json:"HtmlBody,omitempty"`
	Tag      string            `json:"Tag,omitempty"`
	Metadata map[string]string `json:"Metadata,omitempty"`
}

// Result is the API's acknowledgement.
type Result struct {
	MessageID   string    `json:"MessageID"`
	SubmittedAt time.Time `json:"SubmittedAt"`
	ErrorCode   int       `json:"ErrorCode"`
	Message     string    `json:"Message"`
}

// Send delivers one e-mail.
func (c *Client) Send(ctx context.Context, e Email) (*Result, error) {
	if e.From == "" {
		e.From = c.from
	}
	h := http.Header{}
	h.Set("X-Postmark-Server-Token", c.token)
	var out Result
	err := transport.Do(ctx, c.hc, c.policy, transport.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/email",
		Header:  h,
		JSON:    e,
		Decoded: &out,
	})
	if err != nil {
		return nil, fmt.Errorf("mailer: send %q: %w", e.Tag, err)
	}
	if out.ErrorCode != 0 {
		return nil, fmt.Errorf("mailer: send %q: code %d: %s", e.Tag, out.ErrorCode, out.Message)
	}
	return &out, nil
}
