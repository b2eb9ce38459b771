// Package sms is the client for TextWire, the SMS provider.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/dinein/platform/internal/config"
)

// Message is one outbound SMS.
type Message struct {
	To   string
	Body string
	// ClientRef is our reference for the message. TextWire drops a second
	// message with a ClientRef it has seen in the last 72 hours and returns
	// the first message's id.
	ClientRef string
}

// Receipt is TextWire's answer to a send.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
}

// Sender sends SMS messages.
type Sender interface {
	Send(ctx context.Context, m Message) (*Receipt, error)
}

// Client is the HTTP client for TextWire.
type Client struct {
	baseURL  string
	apiKey   string
	senderID string
	http     *http.Client
}

// NewClient builds a TextWire client from config.
func NewClient(cfg config.Config) *Client {
	return &Client{
		baseURL:  cfg.SMSBaseURL,
		apiKey:   cfg.SMSAPIKey,
		senderID: cfg.SMSSenderID,
		http:     &http.Client{Timeout: 10 * time.Second},
	}
}

type sendRequest struct {
	To        string `json:"to"`
	From      string `json:"from"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
}

// Send posts one message.
func (c *Client) Send(ctx context.Context, m Message) (*Receipt, error) {
	raw, err := json.Marshal(sendRequest{To: m.To, From: c.senderID, Body: m.Body, ClientRef: m.ClientRef})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return nil, fmt.Errorf("sms: send: status %d: %s", resp.StatusCode, bytes.TrimSpace(b))
	}
	var rc Receipt
	if err := json.NewDecoder(resp.Body).Decode(&rc); err != nil {
		return nil, fmt.Errorf("sms: decode receipt: %w", err)
	}
	return &rc, nil
}
