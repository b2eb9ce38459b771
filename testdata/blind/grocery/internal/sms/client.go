// Package sms sends text messages through the SMS gateway. The gateway has
// no deduplication: every accepted request is delivered.
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
	endpoint string
	account  string
	token    string
	from     string
	http     *http.Client
}

func NewClient(endpoint, account, token, from string) *Client {
	return &Client{
		endpoint: strings.TrimRight(endpoint, "/"),
		account:  account,
		token:    token,
		from:     from,
		http:     &http.Client{Timeout: 8 * time.Second},
	}
}

type sendResponse struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Send delivers body to the phone number to and returns the gateway's
// message id.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("From", c.from)
	form.Set("To", to)
	form.Set("Body", body)
	endpoint := c.endpoint + "/accounts/" + url.PathEscape(c.account) + "/messages"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.account, c.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms: send: http %d", resp.StatusCode)
	}
	var out sendResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("sms: decode: %w", err)
	}
	return out.SID, nil
}
