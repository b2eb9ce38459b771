package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Email is a client for the Mailyard transactional relay. Mailyard queues
// every accepted request for delivery; it has no request de-duplication.
type Email struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewEmail(baseURL, apiKey, from string) *Email {
	return &Email{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 15 * time.Second}}
}

type Attachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	ContentB64  string `json:"content_b64"`
}

type EmailMessage struct {
	To          string
	Subject     string
	HTML        string
	Text        string
	Tags        []string
	Attachments []Attachment
}

type emailRequest struct {
	From        string       `json:"from"`
	To          []string     `json:"to"`
	Subject     string       `json:"subject"`
	HTML        string       `json:"html,omitempty"`
	Text        string       `json:"text,omitempty"`
	Tags        []string     `json:"tags,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
}

type EmailReceipt struct {
	ID string `json:"id"`
}

func (e *Email) Send(ctx context.Context, m EmailMessage) (*EmailReceipt, error) {
	b, err := json.Marshal(emailRequest{
		From: e.from, To: []string{m.To}, Subject: m.Subject,
		HTML: m.HTML, Text: m.Text, Tags: m.Tags, Attachments: m.Attachments,
	})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.baseURL+"/v1/messages", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Api-Key", e.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("mailyard: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("mailyard: status %d", resp.StatusCode)
	}
	var out EmailReceipt
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("mailyard: decode: %w", err)
	}
	return &out, nil
}
