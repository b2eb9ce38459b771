// Package bureau is a client for the consumer credit bureau's soft-inquiry API.
//
// The bureau has no idempotency mechanism. Each POST /v3/inquiries is a
// separately billed inquiry that is also recorded on the consumer's file.
package bureau

import (
	"context"
	"net/http"
	"time"

	"github.com/refundbridge/advance/internal/platform/httpx"
)

// Client authenticates with the lender's API key.
type Client struct {
	api *httpx.JSONClient
}

// New builds a bureau client.
func New(baseURL, apiKey string, hc httpx.Doer) *Client {
	return &Client{api: &httpx.JSONClient{
		Provider:  "bureau",
		BaseURL:   baseURL,
		HTTP:      hc,
		UserAgent: "refundbridge-advance/1.0",
		Authorize: func(r *http.Request) { r.Header.Set("X-Api-Key", apiKey) },
	}}
}

// InquiryRequest identifies the consumer for a soft pull.
type InquiryRequest struct {
	FirstName       string `json:"first_name"`
	LastName        string `json:"last_name"`
	SSN             string `json:"ssn,omitempty"`
	SSNHash         string `json:"ssn_sha256,omitempty"`
	DateOfBirth     string `json:"dob"`
	Address1        string `json:"address_line1"`
	City            string `json:"city"`
	State           string `json:"state"`
	PostalCode      string `json:"zip"`
	PermissiblePurp string `json:"permissible_purpose"`
	Product         string `json:"product"`
}

// Report is the attributes we request with a soft pull.
type Report struct {
	InquiryID      string    `json:"inquiry_id"`
	Score          int       `json:"vantage_score"`
	OpenTradelines int       `json:"open_tradelines"`
	Delinquencies  int       `json:"delinquencies_90d"`
	Bankruptcy     bool      `json:"bankruptcy_7y"`
	FrozenFile     bool      `json:"frozen"`
	PulledAt       time.Time `json:"pulled_at"`
}

// SoftPull runs a soft inquiry.
func (c *Client) SoftPull(ctx context.Context, req InquiryRequest) (Report, error) {
	var out Report
	_, err := c.api.Do(ctx, http.MethodPost, "/v3/inquiries", nil, req, &out)
	return out, err
}
