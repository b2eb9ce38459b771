// Package mailer sends transactional email through the co-op's mail relay
// API.
package mailer

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/amberfield-labs/honeycoop/internal/provider/httpx"
)

type Config struct {
	BaseURL string
	APIKey  string
	From    string
	Timeout time.Duration
}

type Message struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	Text     string            `json:"text"`
	Template string            `json:"template,omitempty"`
	Vars     map[string]string `json:"vars,omitempty"`
}

type Client struct {
	cfg  Config
	http *http.Client
}

func New(cfg Config) *Client {
	return &Client{cfg: cfg, http: httpx.NewClient(cfg.Timeout)}
}

type sendRequest struct {
	From string `json:"from"`
	Message
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send queues one message at the relay and returns its message ID. Only a 429
// is retried: the relay rejects those before accepting the message.
func (c *Client) Send(ctx context.Context, msg Message) (string, error) {
	body, err := json.Marshal(sendRequest{From: c.cfg.From, Message: msg})
	if err != nil {
		return "", err
	}
	hdr := http.Header{}
	hdr.Set("X-Api-Key", c.cfg.APIKey)
	req := httpx.Request{
		Method:  http.MethodPost,
		URL:     strings.TrimRight(c.cfg.BaseURL, "/") + "/v1/send",
		Header:  hdr,
		Body:    body,
		Partner: "mailer",
	}
	var out sendResponse
	policy := backoff.WithMaxRetries(backoff.NewConstantBackOff(2*time.Second), 3)
	err = backoff.Retry(func() error {
		_, err := httpx.Do(ctx, c.http, req, &out)
		var se *httpx.StatusError
		if errors.As(err, &se) && se.Status == http.StatusTooManyRequests {
			return err
		}
		if err != nil {
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.WithContext(policy, ctx))
	return out.MessageID, err
}
