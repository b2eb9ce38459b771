// Package sms is the client for Textrail, washclub's SMS provider.
//
// Textrail deduplicates on the optional `reference` field of a message: a
// message whose reference was already accepted in the last 72 hours is
// acknowledged with duplicate=true and not delivered again. Messages without
// a reference are always delivered.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/brightbay/washclub/internal/platform"
)

const defaultBaseURL = "https://api.textrail.com/v1"

// Client sends SMS through Textrail.
type Client struct {
	baseURL    string
	apiKey     string
	sender     string
	httpClient *http.Client
	retries    int
	doer       platform.Doer
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL overrides the API base URL.
func WithBaseURL(u string) Option { return func(c *Client) { c.baseURL = u } }

// WithSender sets the default alphanumeric sender ID.
func WithSender(s string) Option { return func(c *Client) { c.sender = s } }

// WithHTTPClient replaces the underlying *http.Client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.httpClient = hc } }

// WithRetries sets how many times a failed send is resent.
func WithRetries(n int) Option { return func(c *Client) { c.retries = n } }

// New returns a Textrail client.
func New(apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:    defaultBaseURL,
		apiKey:     apiKey,
		sender:     "BRIGHTBAY",
		httpClient: &http.Client{Timeout: 10 * time.Second},
		retries:    2,
	}
	for _, o := range opts {
		o(c)
	}
	c.doer = platform.RetryDoer{Next: c.httpClient, MaxRetries: c.retries, BaseDelay: 300 * time.Millisecond}
	return c
}

// Message is one outbound SMS.
type Message struct {
	To        string `json:"to"`
	From      string `json:"from,omitempty"`
	Body      string `json:"body"`
	Reference string `json:"reference,omitempty"`
}

// Receipt is Textrail's acknowledgement.
type Receipt struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Send submits a message for delivery.
func (c *Client) Send(ctx context.Context, msg Message) (*Receipt, error) {
	if msg.From == "" {
		msg.From = c.sender
	}
	req, err := platform.NewJSONRequest(ctx, http.MethodPost, c.baseURL, "/messages", msg,
		platform.WithBasicAuth(c.apiKey, ""))
	if err != nil {
		return nil, err
	}
	resp, err := c.doer.Do(req)
	if err != nil {
		return nil, fmt.Errorf("textrail send: %w", err)
	}
	var out Receipt
	if err := platform.DecodeJSONResponse(resp, &out); err != nil {
		return nil, fmt.Errorf("textrail send: %w", err)
	}
	return &out, nil
}
