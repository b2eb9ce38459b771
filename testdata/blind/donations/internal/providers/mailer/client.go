package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/kindredgive/donations/internal/config"
)

// Client sends transactional email.
type Client interface {
	Send(ctx context.Context, m Message) (*SendResult, error)
}

// SendResult is the provider's acknowledgement.
type SendResult struct {
	ID         string `json:"id"`
	MessageRef string `json:"message_ref"`
	Duplicate  bool   `json:"duplicate"`
	Status     string `json:"status"`
}

type client struct {
	base string
	key  string
	from Address
	http *retryablehttp.Client
}

// New builds the email provider client.
func New(cfg *config.Config) Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.Logger = nil
	rc.HTTPClient.Timeout = 10 * time.Second
	return &client{
		base: cfg.Mailer.BaseURL,
		key:  cfg.Mailer.APIKey,
		from: Address{Email: cfg.Mailer.FromEmail, Name: cfg.Mailer.FromName},
		http: rc,
	}
}

func (c *client) Send(ctx context.Context, m Message) (*SendResult, error) {
	if m.From.Email == "" {
		m.From = c.from
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.base+"/messages", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("mailer send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("mailer send: status %d: %s", resp.StatusCode, string(raw))
	}
	var out SendResult
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("mailer decode: %w", err)
	}
	return &out, nil
}
