// Package notify sends grower-facing messages: SMS through Fieldtext and
// email through the Mailyard relay.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// SMS is a Fieldtext client. Fieldtext drops a message whose
// client_reference matches one accepted in the previous 72 hours and
// returns the original message id with "duplicate": true.
type SMS struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
}

func NewSMS(baseURL, apiKey, sender string) *SMS {
	return &SMS{baseURL: baseURL, apiKey: apiKey, sender: sender, http: &http.Client{Timeout: 10 * time.Second}}
}

type TextMessage struct {
	To              string
	Body            string
	ClientReference string
}

type textRequest struct {
	From            string `json:"from"`
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
}

type TextReceipt struct {
	MessageID string `json:"message_id"`
	Duplicate bool   `json:"duplicate"`
	Segments  int    `json:"segments"`
}

func (s *SMS) Send(ctx context.Context, m TextMessage) (*TextReceipt, error) {
	b, err := json.Marshal(textRequest{From: s.sender, To: m.To, Body: m.Body, ClientReference: m.ClientReference})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.baseURL+"/v2/messages", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fieldtext: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("fieldtext: status %d", resp.StatusCode)
	}
	var out TextReceipt
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("fieldtext: decode: %w", err)
	}
	return &out, nil
}
