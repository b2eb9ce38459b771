// Package mailer is a client for the Postbox transactional email API, used
// for host commission statements. Postbox does not deduplicate sends.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/vendgrid/fleetops/internal/app"
)

type Client struct {
	baseURL string
	token   string
	from    string
	replyTo string
	http    *http.Client
}

type Option func(*Client)

func WithFrom(addr string) Option { return func(c *Client) { c.from = addr } }

func WithReplyTo(addr string) Option { return func(c *Client) { c.replyTo = addr } }

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

func New(baseURL, token string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, token: token, http: &http.Client{Timeout: 10 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

var _ app.Mailer = (*Client)(nil)

type sendRequest struct {
	From     string   `json:"from"`
	To       []string `json:"to"`
	ReplyTo  string   `json:"reply_to,omitempty"`
	Subject  string   `json:"subject"`
	TextBody string   `json:"text_body"`
	Stream   string   `json:"message_stream"`
}

func (c *Client) Send(ctx context.Context, m app.Email) error {
	body, err := json.Marshal(sendRequest{
		From:     c.from,
		To:       []string{m.To},
		ReplyTo:  c.replyTo,
		Subject:  m.Subject,
		TextBody: m.TextBody,
		Stream:   "outbound",
	})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/email", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("X-Postbox-Token", c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("postbox: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("postbox: status %d", resp.StatusCode)
	}
	return nil
}
