// Package sms is the client for the SMS gateway. The gateway drops a second
// message carrying a client_ref it has already accepted in the last 24 hours.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Message is one outbound SMS.
type Message struct {
	To        string `json:"to"`
	From      string `json:"from,omitempty"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
	Tag       string `json:"tag,omitempty"`
}

// Builder assembles a Message.
type Builder struct{ m Message }

// NewMessage starts a message to the given E.164 number.
func NewMessage(to string) *Builder { return &Builder{m: Message{To: to}} }

// Body sets the text.
func (b *Builder) Body(text string) *Builder { b.m.Body = text; return b }

// From sets the alphanumeric sender.
func (b *Builder) From(sender string) *Builder { b.m.From = sender; return b }

// Ref sets the client reference the gateway deduplicates on.
func (b *Builder) Ref(ref string) *Builder { b.m.ClientRef = ref; return b }

// Tag sets a reporting tag.
func (b *Builder) Tag(tag string) *Builder { b.m.Tag = tag; return b }

// Build returns the message.
func (b *Builder) Build() Message { return b.m }

// Receipt is the gateway's acceptance.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Sender sends SMS.
type Sender interface {
	Send(ctx context.Context, m Message) (*Receipt, error)
}

// Client is the HTTP implementation of Sender.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	hc      *retryablehttp.Client
}

// New returns a gateway client; from is the default sender ID.
func New(baseURL, apiKey, from string, hc *retryablehttp.Client) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, hc: hc}
}

// Send submits m.
func (c *Client) Send(ctx context.Context, m Message) (*Receipt, error) {
	if m.From == "" {
		m.From = c.from
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Key "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 2<<10))
		return nil, fmt.Errorf("sms: status %d: %s", resp.StatusCode, body)
	}
	var r Receipt
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return nil, fmt.Errorf("sms: decode: %w", err)
	}
	return &r, nil
}
