// Package underwriter issues title insurance policies through the
// underwriter's agency API.
package underwriter

import (
	"context"
	"net/http"
	"time"

	"github.com/cobaltmesa/titleworks/internal/platform/jsonapi"
)

// PolicyRequest asks the underwriter to issue a policy and jacket number.
type PolicyRequest struct {
	AgentFileNumber string `json:"agent_file_number"`
	PolicyForm      string `json:"policy_form"` // ALTA-OWNERS-2021, ALTA-LOAN-2021
	LiabilityCents  int64  `json:"liability_cents"`
	EffectiveDate   string `json:"effective_date"`
	PropertyAddress string `json:"property_address"`
	CountyFIPS      string `json:"county_fips"`
	InsuredName     string `json:"insured_name"`
}

// Policy is an issued policy.
type Policy struct {
	PolicyNumber string    `json:"policy_number"`
	PremiumCents int64     `json:"premium_cents"`
	RemitCents   int64     `json:"remit_cents"`
	IssuedAt     time.Time `json:"issued_at"`
}

// CallOption adjusts a single call.
type CallOption func(h http.Header)

// WithIdempotencyKey makes the underwriter return the policy it already
// issued for the same key instead of pulling a new jacket.
func WithIdempotencyKey(key string) CallOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

// Client is the agency API client.
type Client struct {
	api *jsonapi.Client
}

// New returns a client authenticating with an agency API key.
func New(baseURL, apiKey string) *Client {
	return &Client{api: jsonapi.New(baseURL, func(r *http.Request) { r.Header.Set("X-Agency-Key", apiKey) })}
}

// IssuePolicy issues a policy.
func (c *Client) IssuePolicy(ctx context.Context, req PolicyRequest, opts ...CallOption) (*Policy, error) {
	h := http.Header{}
	for _, o := range opts {
		o(h)
	}
	var out Policy
	if err := c.api.Do(ctx, http.MethodPost, "/agency/v3/policies", h, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
