// Package clearinghouse submits professional claims (837P as JSON) to
// ClaimBridge. A submission carrying an X-Submission-ID already seen in
// the last 90 days is not forwarded to the payer again; the original
// acknowledgement is returned with duplicate=true.
package clearinghouse

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/meridianlabs/labs/internal/providers/httpc"
)

// Claim is a professional claim.
type Claim struct {
	ControlNumber string      `json:"claim_control_number"`
	FrequencyCode string      `json:"frequency_code"` // 1 original, 7 replacement
	OriginalRef   string      `json:"original_reference,omitempty"`
	PayerID       string      `json:"payer_id"`
	BillingNPI    string      `json:"billing_npi"`
	BillingTaxID  string      `json:"billing_tax_id"`
	ReferringNPI  string      `json:"referring_npi"`
	SubscriberID  string      `json:"subscriber_id"`
	PatientName   string      `json:"patient_name"`
	PatientDOB    string      `json:"patient_dob"`
	ServiceDate   string      `json:"service_date"`
	TotalCents    int64       `json:"total_charge"`
	Lines         []ClaimLine `json:"lines"`
}

// ClaimLine is one service line.
type ClaimLine struct {
	CPT         string   `json:"cpt"`
	Units       int      `json:"units"`
	ChargeCents int64    `json:"charge"`
	DiagCodes   []string `json:"diagnosis_codes,omitempty"`
}

// Acknowledgement is the clearinghouse's 999/277CA summary.
type Acknowledgement struct {
	Reference string   `json:"reference"`
	Status    string   `json:"status"` // accepted, rejected
	Duplicate bool     `json:"duplicate"`
	Errors    []string `json:"errors"`
}

// Client submits claims.
type Client struct {
	core        *httpc.Client
	submitterID string
}

// Option configures the client.
type Option func(*Client)

// WithEndpoint sets the API base URL.
func WithEndpoint(u string) Option { return func(c *Client) { c.core.BaseURL = u } }

// WithHTTP sets the HTTP client.
func WithHTTP(d httpc.Doer) Option { return func(c *Client) { c.core.HTTP = d } }

// WithRetry retries temporary failures.
func WithRetry(n int, delay time.Duration) Option {
	return func(c *Client) { c.core.Retries, c.core.RetryDelay = n, delay }
}

// New builds a client for a submitter.
func New(submitterID, apiKey string, opts ...Option) *Client {
	c := &Client{
		submitterID: submitterID,
		core: &httpc.Client{
			Provider: "claimbridge",
			BaseURL:  "https://edi.claimbridge.example",
			HTTP:     httpc.DefaultHTTPClient(45 * time.Second),
			Authorize: func(r *http.Request) {
				r.Header.Set("X-Api-Key", apiKey)
			},
			DecodeError: func(body []byte) (string, string) {
				var e struct {
					Error string `json:"error"`
				}
				_ = json.Unmarshal(body, &e)
				return "", e.Error
			},
		},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// SubmitOption adjusts one submission.
type SubmitOption func(h http.Header)

// WithSubmissionID sets X-Submission-ID.
func WithSubmissionID(id string) SubmitOption {
	return func(h http.Header) { h.Set("X-Submission-ID", id) }
}

// SubmitClaim sends a claim for adjudication.
func (c *Client) SubmitClaim(ctx context.Context, claim Claim, opts ...SubmitOption) (*Acknowledgement, error) {
	h := http.Header{}
	h.Set("X-Submitter-ID", c.submitterID)
	for _, o := range opts {
		o(h)
	}
	var ack Acknowledgement
	err := c.core.Do(ctx, httpc.Request{Method: http.MethodPost, Path: "/v2/claims/837p", Body: claim, Header: h}, &ack)
	if err != nil {
		return nil, err
	}
	return &ack, nil
}
