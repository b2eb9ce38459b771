// Package mailer posts transactional e-mail to the internal mail relay,
// which renders the template and hands the message to SMTP. The relay keeps
// no record of earlier submissions: every accepted call is one e-mail sent.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Message is one templated e-mail.
type Message struct {
	To       string         `json:"to"`
	Template string         `json:"template"`
	Locale   string         `json:"locale,omitempty"`
	Data     map[string]any `json:"data"`
}

// Client submits e-mail to the relay.
type Client struct {
	baseURL string
	from    string
	http    *http.Client
}

// New builds a Client.
func New(baseURL, from string) *Client {
	return &Client{baseURL: baseURL, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

type sendResponse struct {
	ID string `json:"id"`
}

// Send submits the message and returns the relay's message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	body := struct {
		Message
		From string `json:"from"`
	}{m, c.from}
	raw, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/send", bytes.NewReader(raw))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mail relay: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("mail relay: status %d", resp.StatusCode)
	}
	var out sendResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", err
	}
	return out.ID, nil
}
