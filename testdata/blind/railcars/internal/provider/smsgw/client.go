// Package smsgw is a client for the carrier SMS gateway used for yard
// contacts. The gateway queues every accepted request as a new message.
package smsgw

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client sends SMS.
type Client struct {
	endpoint string
	account  string
	password string
	sender   string
	http     *http.Client
}

// New returns a client.
func New(endpoint, account, password, sender string) *Client {
	return &Client{endpoint: endpoint, account: account, password: password, sender: sender,
		http: &http.Client{Timeout: 10 * time.Second}}
}

// Send queues a text message and returns the gateway's message id.
func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	form := url.Values{
		"account": {c.account},
		"from":    {c.sender},
		"to":      {to},
		"text":    {text},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/api/send", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.account, c.password)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("smsgw: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("smsgw: status %d", resp.StatusCode)
	}
	var out struct {
		MessageID string `json:"message_id"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("smsgw: decode: %w", err)
	}
	return out.MessageID, nil
}
