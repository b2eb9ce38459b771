// Package sms is a client for the TextRelay SMS API.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/tablewise/reservations/internal/httpx"
)

// Receipt is the provider's acceptance of a message.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Sender sends text messages.
type Sender interface {
	Send(ctx context.Context, m Message) (Receipt, error)
}

// Client talks to the provider over net/http.
type Client struct {
	baseURL  string
	apiKey   string
	senderID string
	http     *http.Client
}

func NewClient(baseURL, apiKey, senderID string, timeout time.Duration) *Client {
	return &Client{
		baseURL:  baseURL,
		apiKey:   apiKey,
		senderID: senderID,
		http:     &http.Client{Timeout: timeout},
	}
}

type sendRequest struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Text      string `json:"text"`
	ClientRef string `json:"client_ref,omitempty"`
	Callback  bool   `json:"delivery_callback"`
}

// Send posts the message. Transport errors and 5xx responses are retried;
// the body (and therefore client_ref) is identical on every attempt.
func (c *Client) Send(ctx context.Context, m Message) (Receipt, error) {
	payload, err := json.Marshal(sendRequest{
		From:      c.senderID,
		To:        m.To,
		Text:      m.Body,
		ClientRef: m.ClientRef,
		Callback:  true,
	})
	if err != nil {
		return Receipt{}, fmt.Errorf("sms: encode: %w", err)
	}

	var out Receipt
	err = retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(payload))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")

		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if err := httpx.CheckResponse(resp); err != nil {
			return err
		}
		return json.NewDecoder(resp.Body).Decode(&out)
	}, append(httpx.DefaultRetry(4), retry.Context(ctx))...)
	if err != nil {
		return Receipt{}, fmt.Errorf("sms: send to %s: %w", m.To, err)
	}
	return out, nil
}
