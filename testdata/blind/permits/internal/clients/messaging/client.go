// Package messaging is the client for the SMS and email provider.
package messaging

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Sender is what notification code needs from the provider.
type Sender interface {
	SendSMS(ctx context.Context, msg SMS, opts ...SendOption) (*Receipt, error)
	SendEmail(ctx context.Context, msg Email, opts ...SendOption) (*Receipt, error)
}

// SMS is a text message.
type SMS struct {
	To   string
	Body string
}

// Email is an email message.
type Email struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Receipt is the provider's acknowledgement of a message.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// SendOption configures a single send.
type SendOption func(*sendConfig)

type sendConfig struct {
	reference   string
	callbackURL string
	tags        []string
}

// WithReference sets client_reference on an SMS. The provider returns the
// original message instead of sending again when it sees the same reference
// within 72 hours.
func WithReference(ref string) SendOption {
	return func(c *sendConfig) { c.reference = ref }
}

// WithStatusCallback asks the provider to POST delivery receipts to url.
func WithStatusCallback(url string) SendOption {
	return func(c *sendConfig) { c.callbackURL = url }
}

// WithTags attaches reporting tags to the message.
func WithTags(tags ...string) SendOption {
	return func(c *sendConfig) { c.tags = append(c.tags, tags...) }
}

// Option configures the Client.
type Option func(*Client)

// WithBaseURL overrides the API base URL.
func WithBaseURL(u string) Option { return func(c *Client) { c.baseURL = strings.TrimRight(u, "/") } }

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithSenderID sets the alphanumeric sender or long code for SMS.
func WithSenderID(id string) Option { return func(c *Client) { c.senderID = id } }

// WithFromAddress sets the From address for email.
func WithFromAddress(addr string) Option { return func(c *Client) { c.from = addr } }

// WithDefaultStatusCallback sets the receipt URL used when a send has none.
func WithDefaultStatusCallback(url string) Option {
	return func(c *Client) { c.defaultCallback = url }
}

// Client is the HTTP client for the messaging provider.
type Client struct {
	baseURL         string
	http            *http.Client
	accountID       string
	token           string
	senderID        string
	from            string
	defaultCallback string
}

var _ Sender = (*Client)(nil)

// New builds a Client for an account.
func New(accountID, token string, opts ...Option) *Client {
	c := &Client{
		baseURL:   "https://api.msgrelay.example/v1",
		http:      &http.Client{Timeout: 10 * time.Second},
		accountID: accountID,
		token:     token,
		senderID:  "CITYPERMIT",
		from:      "permits@city.example",
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

type smsBody struct {
	From            string   `json:"from"`
	To              string   `json:"to"`
	Body            string   `json:"body"`
	ClientReference string   `json:"client_reference,omitempty"`
	StatusCallback  string   `json:"status_callback,omitempty"`
	Tags            []string `json:"tags,omitempty"`
}

type emailBody struct {
	From           string   `json:"from"`
	To             string   `json:"to"`
	Subject        string   `json:"subject"`
	Text           string   `json:"text,omitempty"`
	HTML           string   `json:"html,omitempty"`
	StatusCallback string   `json:"status_callback,omitempty"`
	Tags           []string `json:"tags,omitempty"`
}

func (c *Client) config(opts []SendOption) sendConfig {
	cfg := sendConfig{callbackURL: c.defaultCallback}
	for _, opt := range opts {
		opt(&cfg)
	}
	return cfg
}

// SendSMS sends a text message.
func (c *Client) SendSMS(ctx context.Context, msg SMS, opts ...SendOption) (*Receipt, error) {
	if msg.To == "" {
		return nil, errors.New("messaging: sms recipient is empty")
	}
	cfg := c.config(opts)
	body := smsBody{
		From:            c.senderID,
		To:              msg.To,
		Body:            msg.Body,
		ClientReference: cfg.reference,
		StatusCallback:  cfg.callbackURL,
		Tags:            cfg.tags,
	}
	return c.post(ctx, "/accounts/"+c.accountID+"/sms", body)
}

// SendEmail sends an email. Email sends have no client reference; every
// accepted request is delivered.
func (c *Client) SendEmail(ctx context.Context, msg Email, opts ...SendOption) (*Receipt, error) {
	if msg.To == "" {
		return nil, errors.New("messaging: email recipient is empty")
	}
	cfg := c.config(opts)
	body := emailBody{
		From:           c.from,
		To:             msg.To,
		Subject:        msg.Subject,
		Text:           msg.Text,
		HTML:           msg.HTML,
		StatusCallback: cfg.callbackURL,
		Tags:           cfg.tags,
	}
	return c.post(ctx, "/accounts/"+c.accountID+"/email", body)
}

func (c *Client) post(ctx context.Context, path string, in any) (*Receipt, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return nil, fmt.Errorf("messaging: encode: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("messaging: build request: %w", err)
	}
	req.SetBasicAuth(c.accountID, c.token)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("messaging: post %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return nil, fmt.Errorf("messaging: post %s: status %d: %s", path, resp.StatusCode, strings.TrimSpace(string(msg)))
	}
	var r Receipt
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return nil, fmt.Errorf("messaging: decode receipt: %w", err)
	}
	return &r, nil
}

// VerifyReceipt checks the X-Relay-Signature of a delivery receipt, the
// base64 HMAC-SHA256 of the raw body keyed with the account token.
func VerifyReceipt(token, signature string, body []byte) bool {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := base64.StdEncoding.DecodeString(signature)
	if err != nil {
		return false
	}
	return hmac.Equal(want, got)
}
