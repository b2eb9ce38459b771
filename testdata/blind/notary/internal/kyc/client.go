// Package kyc is the client for Veridocs, the identity-proofing vendor
// (credential analysis, selfie match and knowledge-based authentication as
// required for remote online notarization).
package kyc

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/segmentio/ksuid"

	"github.com/sealpoint-labs/notary/internal/provider"
)

type Config struct {
	BaseURL string
	APIKey  string
	Logger  *slog.Logger
}

type Client struct {
	api    *provider.Client
	apiKey string
}

func NewClient(cfg Config) *Client {
	return &Client{
		api: provider.New(provider.Options{
			Name:         "veridocs",
			BaseURL:      cfg.BaseURL,
			Timeout:      20 * time.Second,
			RetryMax:     4,
			RetryWaitMin: 500 * time.Millisecond,
			RetryWaitMax: 8 * time.Second,
			Logger:       cfg.Logger,
		}),
		apiKey: cfg.APIKey,
	}
}

type Subject struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	BirthDate string `json:"birth_date"`
	Email     string `json:"email,omitempty"`
	Phone     string `json:"phone,omitempty"`
}

// VerificationRequest creates a hosted verification flow.
type VerificationRequest struct {
	Subject     Subject  `json:"subject"`
	Checks      []string `json:"checks"`
	CallbackURL string   `json:"callback_url"`
	Locale      string   `json:"locale,omitempty"`
	// ClientReference is echoed back on webhooks. Veridocs also
	// deduplicates creates on it: a second create with the same reference
	// within 24h returns the existing verification instead of a new one.
	ClientReference string `json:"client_reference,omitempty"`
}

type Verification struct {
	ID              string    `json:"id"`
	Status          string    `json:"status"`
	URL             string    `json:"url"`
	ExpiresAt       time.Time `json:"expires_at"`
	ClientReference string    `json:"client_reference"`
}

func (c *Client) headers() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	h.Set("Veridocs-Version", "2024-10-01")
	// Correlates our logs with Veridocs support tickets.
	h.Set("X-Request-Id", ksuid.New().String())
	return h
}

// CreateVerification starts a new verification. Each created verification
// is billed.
func (c *Client) CreateVerification(ctx context.Context, req VerificationRequest) (*Verification, error) {
	var v Verification
	if err := c.api.Do(ctx, http.MethodPost, "/v2/verifications", c.headers(), req, &v); err != nil {
		return nil, err
	}
	return &v, nil
}
