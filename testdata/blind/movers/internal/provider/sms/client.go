// Package sms is a client for the TextBridge SMS gateway.
//
// TextBridge keeps the client_ref of every accepted message for 72 hours;
// a second message with the same client_ref is answered with the original
// message resource and is not delivered again.
package sms

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

type Message struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
	// StatusCallback overrides the account-level delivery receipt URL.
	StatusCallback string `json:"status_callback,omitempty"`
}

type SendResult struct {
	MessageID string `json:"sid"`
	Status    string `json:"status"`
	Segments  int    `json:"num_segments"`
}

// DeliveryEvent is the body of a delivery-receipt webhook.
type DeliveryEvent struct {
	EventID   string `json:"event_id"`
	MessageID string `json:"sid"`
	Status    string `json:"status"`
	ErrorCode string `json:"error_code,omitempty"`
	Timestamp int64  `json:"ts"`
}

type Sender interface {
	Send(ctx context.Context, msg Message) (*SendResult, error)
}

type Option func(*client)

func WithBaseURL(u string) Option { return func(c *client) { c.baseURL = u } }
func WithCredentials(acct, tok string) Option {
	return func(c *client) { c.account, c.token = acct, tok }
}
func WithFrom(number string) Option        { return func(c *client) { c.from = number } }
func WithHTTPClient(h *http.Client) Option { return func(c *client) { c.http = h } }
func WithStatusCallback(url string) Option { return func(c *client) { c.statusCallback = url } }

type client struct {
	baseURL        string
	account        string
	token          string
	from           string
	statusCallback string
	http           *http.Client
}

func New(opts ...Option) Sender {
	c := &client{baseURL: "https://api.textbridge.example/v1"}
	for _, o := range opts {
		o(c)
	}
	if c.http == nil {
		c.http = &http.Client{Timeout: 10 * time.Second}
	}
	return c
}

type sendBody struct {
	From string `json:"from"`
	Message
}

func (c *client) Send(ctx context.Context, msg Message) (*SendResult, error) {
	if msg.StatusCallback == "" {
		msg.StatusCallback = c.statusCallback
	}
	buf, err := json.Marshal(sendBody{From: c.from, Message: msg})
	if err != nil {
		return nil, err
	}
	url := fmt.Sprintf("%s/accounts/%s/messages", strings.TrimRight(c.baseURL, "/"), c.account)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(buf))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.account, c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("sms: send: status %d: %s", resp.StatusCode, strings.TrimSpace(string(data)))
	}
	var out SendResult
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("sms: decode: %w", err)
	}
	return &out, nil
}

// VerifyWebhook checks the X-TextBridge-Signature header.
func VerifyWebhook(token string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(token))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
