// Package sms is a client for the TextRelay SMS API.
//
// POST /v1/messages accepts an optional client_ref. The provider keeps
// client_refs for 24 hours: a second request with the same client_ref is
// answered with the original message and nothing is sent.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Message is one outbound text.
type Message struct {
	To   string
	Body string
}

// Result is the provider's acknowledgement.
type Result struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	ClientRef string `json:"client_ref,omitempty"`
	Segments  int    `json:"segments"`
}

// Sender sends texts. The API and workers depend on this interface.
type Sender interface {
	Send(ctx context.Context, m Message, opts ...SendOption) (*Result, error)
}

type sendConfig struct {
	clientRef      string
	statusCallback string
	mediaURL       string
	validity       time.Duration
}

// SendOption customises one Send call.
type SendOption func(*sendConfig)

// WithClientRef sets the provider-side reference for the message.
func WithClientRef(ref string) SendOption {
	return func(c *sendConfig) { c.clientRef = ref }
}

// WithStatusCallback asks the provider to POST delivery receipts to url.
func WithStatusCallback(url string) SendOption {
	return func(c *sendConfig) { c.statusCallback = url }
}

// WithMedia attaches an image (MMS).
func WithMedia(url string) SendOption {
	return func(c *sendConfig) { c.mediaURL = url }
}

// WithValidity drops the message if it cannot be delivered within d.
func WithValidity(d time.Duration) SendOption {
	return func(c *sendConfig) { c.validity = d }
}

// Client is the HTTP implementation of Sender.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// New returns a client sending from the given number.
func New(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

type sendRequest struct {
	From           string `json:"from"`
	To             string `json:"to"`
	Body           string `json:"body"`
	ClientRef      string `json:"client_ref,omitempty"`
	StatusCallback string `json:"status_callback,omitempty"`
	MediaURL       string `json:"media_url,omitempty"`
	ValiditySecs   int    `json:"validity_seconds,omitempty"`
}

// Send posts the message.
func (c *Client) Send(ctx context.Context, m Message, opts ...SendOption) (*Result, error) {
	var cfg sendConfig
	for _, o := range opts {
		o(&cfg)
	}
	body, err := json.Marshal(sendRequest{
		From:           c.from,
		To:             m.To,
		Body:           m.Body,
		ClientRef:      cfg.clientRef,
		StatusCallback: cfg.statusCallback,
		MediaURL:       cfg.mediaURL,
		ValiditySecs:   int(cfg.validity / time.Second),
	})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("sms send: status %d: %s", resp.StatusCode, raw)
	}
	var out Result
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("sms send: decode: %w", err)
	}
	return &out, nil
}

// Receipt is a delivery status callback (form encoded).
type Receipt struct {
	MessageID string
	ClientRef string
	Status    string // queued | sent | delivered | undelivered | failed
	ErrorCode string
}

// ParseReceipt decodes a status callback body.
func ParseReceipt(form url.Values) (Receipt, error) {
	r := Receipt{
		MessageID: form.Get("message_id"),
		ClientRef: form.Get("client_ref"),
		Status:    form.Get("status"),
		ErrorCode: form.Get("error_code"),
	}
	if r.MessageID == "" || r.Status == "" {
		return r, fmt.Errorf("sms receipt: message_id and status are required")
	}
	return r, nil
}
