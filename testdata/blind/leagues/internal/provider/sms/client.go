// Package sms is a client for the RelayText SMS gateway.
//
// RelayText accepts an optional client_ref on every message. When a message
// is submitted with a client_ref that was already used in the last 72 hours,
// the gateway does not send it again and returns the original message
// resource with "duplicate": true.
package sms

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"

	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/platform/httpx"
)

const providerName = "relaytext"

// ErrInvalidNumber is returned for numbers the gateway refuses outright.
var ErrInvalidNumber = errors.New("sms: invalid destination number")

// Message is one outbound text.
type Message struct {
	To        string `json:"to"`
	From      string `json:"from"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
	// StatusCallback overrides the account-level delivery receipt URL.
	StatusCallback string `json:"status_callback,omitempty"`
}

// Sent is the gateway's acknowledgement.
type Sent struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
	Duplicate bool   `json:"duplicate"`
}

// Client sends messages.
type Client struct {
	baseURL   string
	accountID string
	token     string
	from      string
	hc        *http.Client
}

// NewClient builds a client from configuration.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL:   strings.TrimRight(cfg.SMS.BaseURL, "/"),
		accountID: cfg.SMS.AccountID,
		token:     cfg.SMS.AuthToken,
		from:      cfg.SMS.FromNumber,
		hc:        httpx.NewClient(cfg.SMS.Timeout),
	}
}

// Send submits a message. From defaults to the account's number.
func (c *Client) Send(ctx context.Context, m Message) (*Sent, error) {
	if m.From == "" {
		m.From = c.from
	}
	if !strings.HasPrefix(m.To, "+") {
		return nil, ErrInvalidNumber
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.token)
	var out Sent
	err := httpx.DoJSON(ctx, c.hc, httpx.Request{
		Provider: providerName,
		Method:   http.MethodPost,
		URL:      c.baseURL + "/accounts/" + c.accountID + "/messages",
		Header:   h,
		Body:     m,
	}, &out)
	if err != nil {
		if httpx.StatusCode(err) == http.StatusUnprocessableEntity {
			return nil, errors.Join(ErrInvalidNumber, err)
		}
		return nil, err
	}
	return &out, nil
}

// StatusCallback is the body of a delivery receipt.
type StatusCallback struct {
	MessageID  string `json:"message_id"`
	ClientRef  string `json:"client_ref"`
	Status     string `json:"status"`
	ErrorCode  string `json:"error_code,omitempty"`
	OccurredAt string `json:"occurred_at"`
}

// VerifySignature checks the X-RelayText-Signature header (hex HMAC-SHA256
// of the raw body).
func VerifySignature(secret string, body []byte, header string) bool {
	if secret == "" {
		return true
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(strings.ToLower(header)))
}
