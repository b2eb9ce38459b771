// Package sms sends text messages through the SMS gateway. The gateway has no
// request deduplication.
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

type Client struct {
	hc      *http.Client
	baseURL string
	account string
	token   string
	from    string
}

func NewClient(hc *http.Client, baseURL, account, token, from string) *Client {
	return &Client{hc: hc, baseURL: strings.TrimRight(baseURL, "/"), account: account, token: token, from: from}
}

type Message struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

func (c *Client) Send(ctx context.Context, to, body string) (Message, error) {
	form := url.Values{"To": {to}, "From": {c.from}, "Body": {body}}
	endpoint := fmt.Sprintf("%s/accounts/%s/messages", c.baseURL, url.PathEscape(c.account))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return Message{}, err
	}
	req.SetBasicAuth(c.account, c.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.hc.Do(req)
	if err != nil {
		return Message{}, fmt.Errorf("sms send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return Message{}, fmt.Errorf("sms send: status %d: %s", resp.StatusCode, raw)
	}
	var m Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return Message{}, fmt.Errorf("sms decode: %w", err)
	}
	return m, nil
}
