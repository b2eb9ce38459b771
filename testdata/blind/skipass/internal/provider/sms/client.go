// Package sms sends text messages through the resort's SMS gateway.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/summitline/skipass/internal/config"
)

type Client struct {
	endpoint string
	token    string
	sender   string
	http     *http.Client
}

func New(cfg config.Config) *Client {
	return &Client{
		endpoint: cfg.SMSURL,
		token:    cfg.SMSToken,
		sender:   cfg.SMSSender,
		http:     &http.Client{Timeout: 10 * time.Second},
	}
}

// Send submits one message. The gateway queues and delivers every accepted
// request; it returns the gateway's message reference.
func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	form := url.Values{}
	form.Set("from", c.sender)
	form.Set("to", to)
	form.Set("text", text)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/messages", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("sms: HTTP %d", resp.StatusCode)
	}
	return resp.Header.Get("X-Message-Ref"), nil
}
