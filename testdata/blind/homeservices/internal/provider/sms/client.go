// Package sms is the client for Relaytel, our SMS and voice provider.
//
// Relaytel API notes: POST /v2/accounts/{sid}/messages accepts
// "client_reference"; a second request with the same reference within 72h
// returns the original message (HTTP 200, "duplicate": true).
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/platform/retry"
)

// ProviderSet provides the retrying API and the webhook verifier.
var ProviderSet = wire.NewSet(NewConfig, NewClient, NewAPI, NewVerifier)

// Config holds Relaytel credentials.
type Config struct {
	BaseURL           string
	AccountSID        string
	AuthToken         string
	From              string
	WebhookSecret     string
	StatusCallbackURL string
	Timeout           time.Duration
}

// NewConfig extracts SMS settings from the app config.
func NewConfig(c *config.Config) Config {
	return Config{
		BaseURL:           c.SMSBaseURL,
		AccountSID:        c.SMSAccountSID,
		AuthToken:         c.SMSAuthToken,
		From:              c.SMSFromNumber,
		WebhookSecret:     c.SMSWebhookSecret,
		StatusCallbackURL: c.PublicBaseURL + "/webhooks/sms/status",
		Timeout:           c.OutboundTimeout,
	}
}

// Message is an outbound SMS.
type Message struct {
	To              string `json:"to"`
	From            string `json:"from"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
	StatusCallback  string `json:"status_callback,omitempty"`
}

// MessageResult is Relaytel's answer to a send.
type MessageResult struct {
	SID       string `json:"sid"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Call is an outbound text-to-speech voice call.
type Call struct {
	To    string `json:"to"`
	From  string `json:"from"`
	Say   string `json:"say"`
	Voice string `json:"voice,omitempty"`
	Loop  int    `json:"loop,omitempty"`
}

// CallResult is the created call.
type CallResult struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// RelayMessage is a message sent through a masked-number conversation.
type RelayMessage struct {
	ConversationKey string `json:"-"`
	FromParticipant string `json:"from_participant"`
	ToParticipant   string `json:"to_participant"`
	Body            string `json:"body"`
}

// RelayResult is the relayed message.
type RelayResult struct {
	SID string `json:"sid"`
}

// API is the subset of Relaytel we use.
type API interface {
	SendMessage(ctx context.Context, m Message) (*MessageResult, error)
	PlaceCall(ctx context.Context, c Call) (*CallResult, error)
	Relay(ctx context.Context, m RelayMessage) (*RelayResult, error)
}

// Client implements API over net/http.
type Client struct {
	cfg  Config
	http *http.Client
}

// NewClient builds a Client.
func NewClient(cfg Config) *Client {
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}}
}

// NewAPI returns the Client wrapped in the shared retry decorator.
func NewAPI(c *Client) API {
	return WithRetry(c, retry.DefaultPolicy())
}

// APIError is a non-2xx answer.
type APIError struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("relaytel: %d %s: %s", e.Status, e.Code, e.Message)
}

// Temporary reports whether the request may succeed if repeated.
func (e *APIError) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

func (c *Client) accountPath(format string, args ...any) string {
	return c.cfg.BaseURL + "/v2/accounts/" + c.cfg.AccountSID + fmt.Sprintf(format, args...)
}

func (c *Client) post(ctx context.Context, url string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.SetBasicAuth(c.cfg.AccountSID, c.cfg.AuthToken)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("relaytel: %s: %w", url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("relaytel: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// SendMessage sends an SMS.
func (c *Client) SendMessage(ctx context.Context, m Message) (*MessageResult, error) {
	if m.From == "" {
		m.From = c.cfg.From
	}
	if m.StatusCallback == "" {
		m.StatusCallback = c.cfg.StatusCallbackURL
	}
	var out MessageResult
	if err := c.post(ctx, c.accountPath("/messages"), m, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// PlaceCall starts a text-to-speech call.
func (c *Client) PlaceCall(ctx context.Context, call Call) (*CallResult, error) {
	if call.From == "" {
		call.From = c.cfg.From
	}
	if call.Voice == "" {
		call.Voice = "alice"
	}
	var out CallResult
	if err := c.post(ctx, c.accountPath("/calls"), call, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Relay sends a message through the masked conversation for a job,
// creating the conversation on first use.
func (c *Client) Relay(ctx context.Context, m RelayMessage) (*RelayResult, error) {
	var out RelayResult
	if err := c.post(ctx, c.accountPath("/relay/%s/messages", m.ConversationKey), m, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
