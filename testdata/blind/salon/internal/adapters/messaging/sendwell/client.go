// Package sendwell is a client for the Sendwell SMS and email API.
//
// SMS requests accept a client_reference: Sendwell will not send a second
// SMS carrying a client_reference it accepted in the last 72 hours and
// returns the first message instead. The email endpoint has no equivalent.
package sendwell

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Client struct {
	baseURL     string
	apiKey      string
	httpClient  *http.Client
	senderEmail string
	senderName  string
	defaultFrom string
	sandbox     bool
}

// Option configures a Client.
type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

func WithTimeout(d time.Duration) Option { return func(c *Client) { c.httpClient.Timeout = d } }

// WithSender sets the From address used on emails.
func WithSender(email, name string) Option {
	return func(c *Client) { c.senderEmail, c.senderName = email, name }
}

// WithDefaultFrom sets the alphanumeric sender ID used when an SMS has none.
func WithDefaultFrom(from string) Option { return func(c *Client) { c.defaultFrom = from } }

// WithSandbox routes messages to the provider sandbox (nothing is delivered).
func WithSandbox(on bool) Option { return func(c *Client) { c.sandbox = on } }

func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:     baseURL,
		apiKey:      apiKey,
		httpClient:  &http.Client{Timeout: 10 * time.Second},
		defaultFrom: "Salon",
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Error is a non-2xx answer from Sendwell.
type Error struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *Error) Error() string { return fmt.Sprintf("sendwell: %d %s: %s", e.Status, e.Code, e.Detail) }

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	payload, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if c.sandbox {
		req.Header.Set("X-Sendwell-Sandbox", "true")
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("sendwell: POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, e)
		return e
	}
	return json.Unmarshal(raw, out)
}
