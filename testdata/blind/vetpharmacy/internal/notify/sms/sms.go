// Package sms sends text messages through the TextBridge gateway.
package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

type Client struct {
	base  string
	sid   string
	token string
	from  string
	hc    *http.Client
}

func New(base, sid, token, from string) *Client {
	return &Client{base: strings.TrimRight(base, "/"), sid: sid, token: token, from: from, hc: &http.Client{Timeout: 10 * time.Second}}
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// Send submits one message and returns the gateway's message ID. The gateway
// queues every accepted request as a new message.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("From", c.from)
	form.Set("To", to)
	form.Set("Body", body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost,
		fmt.Sprintf("%s/accounts/%s/messages", c.base, c.sid), strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.sid, c.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms: gateway returned %d", resp.StatusCode)
	}
	var out sendResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("sms: decode: %w", err)
	}
	return out.MessageID, nil
}
