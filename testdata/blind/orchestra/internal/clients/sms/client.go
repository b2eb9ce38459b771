// Package sms is the client for TextBridge, the SMS gateway used for
// day-of-performance notices to ticket holders.
//
// TextBridge has no idempotency support: every accepted POST to /Messages
// is a separate, billable text. The client therefore never retries a send
// on its own.
package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// Client sends texts through TextBridge.
type Client struct {
	baseURL    string
	accountSID string
	authToken  string
	from       string
	http       *http.Client
}

// New builds a TextBridge client.
func New(baseURL, accountSID, authToken, from string, hc *http.Client) *Client {
	return &Client{
		baseURL:    strings.TrimRight(baseURL, "/"),
		accountSID: accountSID,
		authToken:  authToken,
		from:       from,
		http:       hc,
	}
}

// Sent is TextBridge's acknowledgement of one text.
type Sent struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Send texts body to the E.164 number to.
func (c *Client) Send(ctx context.Context, to, body string) (*Sent, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", c.from)
	form.Set("Body", body)
	endpoint := fmt.Sprintf("%s/Accounts/%s/Messages.json", c.baseURL, c.accountSID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.accountSID, c.authToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
		return nil, fmt.Errorf("sms: status %d: %s", resp.StatusCode, b)
	}
	var s Sent
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		return nil, fmt.Errorf("sms: decode: %w", err)
	}
	return &s, nil
}
