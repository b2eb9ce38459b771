// Package sms is a client for the SMS gateway's REST API.
//
// The gateway de-duplicates submissions that carry the same client_reference
// within 48 hours: the second submission returns the original message_id
// with "duplicate": true and nothing is sent.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/cityparking/parking/internal/config"
)

// Message is a single outbound text.
type Message struct {
	To              string
	Body            string
	ClientReference string
	// Tag is a free-form label used for reporting in the gateway console.
	Tag string
}

type Result struct {
	MessageID string
	Duplicate bool
}

// Sender sends text messages.
type Sender interface {
	Send(ctx context.Context, m Message) (*Result, error)
}

// Client talks to the gateway over HTTPS.
type Client struct {
	baseURL  string
	apiKey   string
	senderID string
	http     *http.Client
	attempts uint
}

type ClientOption func(*Client)

func WithAttempts(n uint) ClientOption { return func(c *Client) { c.attempts = n } }

func NewClient(baseURL, apiKey, senderID string, opts ...ClientOption) *Client {
	c := &Client{
		baseURL:  baseURL,
		apiKey:   apiKey,
		senderID: senderID,
		http:     &http.Client{Timeout: 10 * time.Second},
		attempts: 3,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// ProvideSender is the wire provider.
func ProvideSender(cfg *config.Config) Sender {
	return NewClient(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSenderID)
}

type submitRequest struct {
	From            string `json:"from"`
	To              string `json:"to"`
	Text            string `json:"text"`
	ClientReference string `json:"client_reference,omitempty"`
	Tag             string `json:"tag,omitempty"`
}

type submitResponse struct {
	MessageID string `json:"message_id"`
	Duplicate bool   `json:"duplicate"`
	Error     string `json:"error"`
}

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("sms: gateway returned %d: %s", e.code, e.body)
}

func (c *Client) Send(ctx context.Context, m Message) (*Result, error) {
	payload, err := json.Marshal(submitRequest{
		From:            c.senderID,
		To:              m.To,
		Text:            m.Body,
		ClientReference: m.ClientReference,
		Tag:             m.Tag,
	})
	if err != nil {
		return nil, err
	}

	return retry.DoWithData(func() (*Result, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/messages", bytes.NewReader(payload))
		if err != nil {
			return nil, retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")

		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))

		if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
			return nil, &statusError{code: resp.StatusCode, body: string(body)}
		}
		if resp.StatusCode >= 300 {
			return nil, retry.Unrecoverable(&statusError{code: resp.StatusCode, body: string(body)})
		}
		var out submitResponse
		if err := json.Unmarshal(body, &out); err != nil {
			return nil, retry.Unrecoverable(fmt.Errorf("sms: decode response: %w", err))
		}
		if out.MessageID == "" {
			return nil, retry.Unrecoverable(errors.New("sms: gateway response without message_id"))
		}
		return &Result{MessageID: out.MessageID, Duplicate: out.Duplicate}, nil
	},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(500*time.Millisecond),
		retry.LastErrorOnly(true),
	)
}
