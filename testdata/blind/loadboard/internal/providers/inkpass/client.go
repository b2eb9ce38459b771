// Package inkpass is a client for the InkPass e-signature API used to send
// rate confirmations to carriers.
//
// Envelope creation accepts a client_reference. InkPass keeps references
// unique per account: creating an envelope with a reference that already
// exists returns the original envelope (HTTP 200) rather than sending the
// document to the signer again.
package inkpass

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/haulgrid/loadboard/internal/platform/httpx"
)

type Config struct {
	BaseURL       string
	APIKey        string
	AccountID     string
	WebhookSecret string
	CallbackURL   string
}

type Client struct {
	cfg    Config
	hc     *http.Client
	policy httpx.Policy
}

func New(cfg Config) *Client {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return &Client{cfg: cfg, hc: &http.Client{Timeout: 20 * time.Second}, policy: httpx.DefaultPolicy}
}

// Signer is a person asked to sign the envelope.
type Signer struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone,omitempty"`
	Role  string `json:"role"`
}

// EnvelopeRequest creates an envelope from a template.
type EnvelopeRequest struct {
	TemplateID      string            `json:"template_id"`
	Subject         string            `json:"subject"`
	Message         string            `json:"message,omitempty"`
	Signers         []Signer          `json:"signers"`
	Fields          map[string]string `json:"fields"`
	ClientReference string            `json:"client_reference,omitempty"`
	CallbackURL     string            `json:"callback_url,omitempty"`
	ExpiresInHours  int               `json:"expires_in_hours,omitempty"`
}

// Envelope is the created envelope.
type Envelope struct {
	ID              string    `json:"id"`
	Status          string    `json:"status"`
	ClientReference string    `json:"client_reference,omitempty"`
	CreatedAt       time.Time `json:"created_at"`
}

func (c *Client) auth() map[string]string {
	return map[string]string{
		"Authorization":   "Bearer " + c.cfg.APIKey,
		"InkPass-Account": c.cfg.AccountID,
	}
}

// CreateEnvelope creates and sends an envelope.
func (c *Client) CreateEnvelope(ctx context.Context, req EnvelopeRequest) (*Envelope, error) {
	if req.CallbackURL == "" {
		req.CallbackURL = c.cfg.CallbackURL
	}
	body, _, err := httpx.Do(ctx, c.hc, c.policy,
		httpx.JSONRequest(http.MethodPost, c.cfg.BaseURL+"/v2/envelopes", req, c.auth()))
	if err != nil {
		return nil, fmt.Errorf("inkpass create envelope: %w", err)
	}
	var env Envelope
	if err := httpx.DecodeJSON(body, &env); err != nil {
		return nil, err
	}
	return &env, nil
}

// DocumentLink is a time-limited download link for a completed envelope.
type DocumentLink struct {
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expires_at"`
}

// CompletedDocument returns a download link for the signed PDF.
func (c *Client) CompletedDocument(ctx context.Context, envelopeID string) (*DocumentLink, error) {
	u := c.cfg.BaseURL + "/v2/envelopes/" + url.PathEscape(envelopeID) + "/documents/combined"
	body, _, err := httpx.Do(ctx, c.hc, c.policy, httpx.JSONRequest(http.MethodGet, u, nil, c.auth()))
	if err != nil {
		return nil, fmt.Errorf("inkpass completed document: %w", err)
	}
	var link DocumentLink
	if err := httpx.DecodeJSON(body, &link); err != nil {
		return nil, err
	}
	return &link, nil
}

// VoidEnvelope cancels an envelope that has not been completed.
func (c *Client) VoidEnvelope(ctx context.Context, envelopeID, reason string) error {
	u := c.cfg.BaseURL + "/v2/envelopes/" + url.PathEscape(envelopeID) + "/void"
	_, _, err := httpx.Do(ctx, c.hc, c.policy,
		httpx.JSONRequest(http.MethodPost, u, map[string]string{"reason": reason}, c.auth()))
	if err != nil && !httpx.IsStatus(err, http.StatusConflict) {
		return fmt.Errorf("inkpass void envelope: %w", err)
	}
	return nil
}

// WebhookEvent is an InkPass callback.
type WebhookEvent struct {
	EventID    string    `json:"event_id"`
	EventType  string    `json:"event_type"`
	EnvelopeID string    `json:"envelope_id"`
	OccurredAt time.Time `json:"occurred_at"`
	Signer     *Signer   `json:"signer,omitempty"`
}

const (
	EventEnvelopeCompleted = "envelope.completed"
	EventEnvelopeDeclined  = "envelope.declined"
	EventEnvelopeViewed    = "envelope.viewed"
)

var ErrBadSignature = errors.New("inkpass: invalid webhook signature")

// VerifySignature checks the X-InkPass-Signature header (base64 HMAC-SHA256
// of the raw body).
func (c *Client) VerifySignature(header string, body []byte) error {
	mac := hmac.New(sha256.New, []byte(c.cfg.WebhookSecret))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(header)) {
		return ErrBadSignature
	}
	return nil
}
