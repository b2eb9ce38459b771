// Package email is a client for the PostLane transactional email API.
// PostLane has no request deduplication: every accepted POST is delivered.
package email

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

type Email struct {
	To      string            `json:"to"`
	Subject string            `json:"subject"`
	HTML    string            `json:"html,omitempty"`
	Text    string            `json:"text"`
	Tags    []string          `json:"tags,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	ReplyTo string            `json:"reply_to,omitempty"`
}

type Result struct {
	ID string `json:"id"`
}

type Mailer interface {
	Send(ctx context.Context, e Email) (*Result, error)
}

type Option func(*client)

func WithBaseURL(u string) Option          { return func(c *client) { c.baseURL = u } }
func WithAPIKey(k string) Option           { return func(c *client) { c.apiKey = k } }
func WithFrom(addr string) Option          { return func(c *client) { c.from = addr } }
func WithHTTPClient(h *http.Client) Option { return func(c *client) { c.http = h } }

type client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func New(opts ...Option) Mailer {
	c := &client{baseURL: "https://mail.postlane.example/api"}
	for _, o := range opts {
		o(c)
	}
	if c.http == nil {
		c.http = &http.Client{Timeout: 10 * time.Second}
	}
	return c
}

func (c *client) Send(ctx context.Context, e Email) (*Result, error) {
	payload := struct {
		From string `json:"from"`
		Email
	}{From: c.from, Email: e}
	buf, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.baseURL, "/")+"/send", bytes.NewReader(buf))
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("email: send: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("email: send: status %d: %s", resp.StatusCode, strings.TrimSpace(string(data)))
	}
	var out Result
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
