// Package sms is a client for Textwire, the SMS gateway used for driver
// dispatch and customer reminders.
//
// POST /v1/accounts/{id}/messages accepts an optional client_ref. Textwire
// keeps client_refs for 24 hours; a second message with the same client_ref
// is not sent and the original message is returned with HTTP 200.
// The batch endpoint has no per-message reference.
package sms

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/haulcore/wastehaul/internal/providers/rest"
)

const providerName = "textwire"

// Client talks to the Textwire REST API.
type Client struct {
	baseURL   string
	accountID string
	token     string
	from      string
	statusURL string
	hc        *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL overrides the API root.
func WithBaseURL(u string) Option { return func(c *Client) { c.baseURL = u } }

// WithHTTPClient sets the transport.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithFrom sets the default sender number.
func WithFrom(num string) Option { return func(c *Client) { c.from = num } }

// WithStatusCallback sets the delivery receipt URL for sent messages.
func WithStatusCallback(u string) Option { return func(c *Client) { c.statusURL = u } }

// New returns a client for the given account.
func New(accountID, token string, opts ...Option) *Client {
	c := &Client{
		baseURL:   "https://api.textwire.example",
		accountID: accountID,
		token:     token,
		hc:        &http.Client{Timeout: 10 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Message is one outbound SMS.
type Message struct {
	To             string `json:"to"`
	From           string `json:"from,omitempty"`
	Body           string `json:"body"`
	ClientRef      string `json:"client_ref,omitempty"`
	StatusCallback string `json:"status_callback,omitempty"`
}

// Result is Textwire's view of a message.
type Result struct {
	SID       string `json:"sid"`
	Status    string `json:"status"`
	ClientRef string `json:"client_ref,omitempty"`
}

// Sender sends single messages. Implemented by *Client and decorators.
type Sender interface {
	Send(ctx context.Context, m Message) (*Result, error)
}

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.token)
	return h
}

func (c *Client) fill(m *Message) {
	if m.From == "" {
		m.From = c.from
	}
	if m.StatusCallback == "" {
		m.StatusCallback = c.statusURL
	}
}

// Send sends one message.
func (c *Client) Send(ctx context.Context, m Message) (*Result, error) {
	c.fill(&m)
	var out Result
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/accounts/" + url.PathEscape(c.accountID) + "/messages",
		Header: c.header(),
		Body:   m,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Batch sends the same template to many recipients in one request.
type Batch struct {
	From       string            `json:"from,omitempty"`
	Recipients []BatchRecipient  `json:"recipients"`
	Template   string            `json:"template"`
	Defaults   map[string]string `json:"defaults,omitempty"`
}

// BatchRecipient is one number plus template variables.
type BatchRecipient struct {
	To   string            `json:"to"`
	Vars map[string]string `json:"vars,omitempty"`
}

// BatchResult reports the accepted batch.
type BatchResult struct {
	BatchID  string `json:"batch_id"`
	Accepted int    `json:"accepted"`
	Rejected int    `json:"rejected"`
}

// SendBatch submits a batch.
func (c *Client) SendBatch(ctx context.Context, b Batch) (*BatchResult, error) {
	if b.From == "" {
		b.From = c.from
	}
	var out BatchResult
	err := rest.Do(ctx, c.hc, providerName, rest.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/accounts/" + url.PathEscape(c.accountID) + "/batches",
		Header: c.header(),
		Body:   b,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
