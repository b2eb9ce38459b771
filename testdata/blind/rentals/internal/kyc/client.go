// Package kyc is the client for the identity verification vendor.
//
// The vendor de-duplicates session creation on the Idempotency-Key header
// for 24 hours: a repeated key returns the original session.
package kyc

import (
	"context"
	"net/http"
	"time"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/outbound"
)

// Client talks to the KYC vendor's REST API.
type Client struct {
	baseURL string
	apiKey  string
	hc      *http.Client
	policy  outbound.Policy
}

// NewClient builds the vendor client.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL: cfg.KYCBaseURL,
		apiKey:  cfg.KYCAPIKey,
		hc:      &http.Client{Timeout: 15 * time.Second},
		policy:  outbound.DefaultPolicy,
	}
}

// CallOption adjusts one outbound call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	locale         string
}

// WithIdempotencyKey sets the vendor's Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithLocale sets the language of the hosted verification flow.
func WithLocale(locale string) CallOption {
	return func(o *callOptions) { o.locale = locale }
}

// SessionRequest starts a hosted document + selfie verification.
type SessionRequest struct {
	ExternalUserID string            `json:"external_user_id"`
	Email          string            `json:"email,omitempty"`
	Level          string            `json:"level"`
	ReturnURL      string            `json:"return_url"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// Session is the vendor's verification session.
type Session struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	RedirectURL string    `json:"redirect_url"`
	ExpiresAt   time.Time `json:"expires_at"`
}

func (c *Client) headers(o callOptions) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if o.idempotencyKey != "" {
		h.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.locale != "" {
		h.Set("Accept-Language", o.locale)
	}
	return h
}

// CreateSession starts a verification session.
func (c *Client) CreateSession(ctx context.Context, req SessionRequest, opts ...CallOption) (Session, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	var out Session
	err := outbound.JSON(ctx, c.hc, c.policy, outbound.Request{
		Op:      "kyc.create_session",
		Method:  http.MethodPost,
		URL:     c.baseURL + "/sessions",
		Header:  c.headers(o),
		Body:    req,
		Timeout: 10 * time.Second,
	}, &out)
	return out, err
}

// GetSession fetches a session's current state.
func (c *Client) GetSession(ctx context.Context, id string) (Session, error) {
	var out Session
	err := outbound.JSON(ctx, c.hc, c.policy, outbound.Request{
		Op:     "kyc.get_session",
		Method: http.MethodGet,
		URL:    c.baseURL + "/sessions/" + id,
		Header: c.headers(callOptions{}),
	}, &out)
	return out, err
}
