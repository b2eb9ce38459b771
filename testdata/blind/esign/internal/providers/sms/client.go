// Package sms is the client for Textrelay's Messages API, used for signer
// reminders and notices.
//
// Textrelay has no idempotency key and no client reference field: every
// accepted POST /Messages is a new text message. For that reason this client
// does not retry a send itself; a request that timed out may still have been
// delivered.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/platform/httpx"
)

// Config configures a Client.
type Config struct {
	BaseURL     string
	AccountSID  string
	AuthToken   string
	From        string
	CallbackURL string
}

// Client sends SMS through Textrelay.
type Client struct {
	cfg  Config
	http httpx.Doer
}

var _ app.SMSSender = (*Client)(nil)

// New returns a Client.
func New(cfg Config, doer httpx.Doer) *Client {
	if doer == nil {
		doer = httpx.NewClient(10 * time.Second)
	}
	return &Client{cfg: cfg, http: doer}
}

type messageResponse struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// SendSMS queues a message and returns Textrelay's message SID.
func (c *Client) SendSMS(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", c.cfg.From)
	form.Set("Body", body)
	if c.cfg.CallbackURL != "" {
		form.Set("StatusCallback", c.cfg.CallbackURL)
	}
	endpoint := fmt.Sprintf("%s/2010-04-01/Accounts/%s/Messages.json", c.cfg.BaseURL, c.cfg.AccountSID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.cfg.AccountSID, c.cfg.AuthToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")

	var out messageResponse
	if err := httpx.Send(c.http, req, &out); err != nil {
		return "", fmt.Errorf("textrelay send: %w", err)
	}
	return out.SID, nil
}
