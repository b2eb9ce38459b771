// Package recorder is the client for CountyLink, the e-recording
// submitter that relays sealed documents to county recorder offices.
package recorder

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/sealpoint-labs/notary/internal/provider"
)

type Client struct {
	api    *provider.Client
	apiKey string
}

func NewClient(baseURL, apiKey string) *Client {
	return &Client{
		api: provider.New(provider.Options{
			Name:         "countylink",
			BaseURL:      baseURL,
			Timeout:      90 * time.Second, // PDF uploads to slow counties
			RetryMax:     2,
			RetryWaitMin: 2 * time.Second,
		}),
		apiKey: apiKey,
	}
}

type Party struct {
	Name string `json:"name" db:"name"`
	Role string `json:"role" db:"role"`
}

type Submission struct {
	CountyFIPS   string  `json:"county_fips"`
	DocumentType string  `json:"document_type"`
	PageCount    int     `json:"page_count"`
	Parties      []Party `json:"parties"`
	SealedPDFKey string  `json:"sealed_pdf_key"`
	// ReturnReference is printed on the county's return cover sheet so
	// the recorded original can be matched to our records.
	ReturnReference string `json:"return_reference,omitempty"`
}

type SubmitOptions struct {
	// IdempotencyKey makes CountyLink return the existing package for a
	// repeated key instead of queueing a second package at the county.
	IdempotencyKey string
}

type SubmitResult struct {
	SubmissionID string `json:"submission_id"`
	FeeDueCents  int64  `json:"fee_due"`
	Status       string `json:"status"`
}

func (c *Client) auth() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	return h
}

func (c *Client) Submit(ctx context.Context, s Submission, opt SubmitOptions) (*SubmitResult, error) {
	h := c.auth()
	if opt.IdempotencyKey != "" {
		h.Set("Idempotency-Key", opt.IdempotencyKey)
	}
	var out SubmitResult
	if err := c.api.Do(ctx, http.MethodPost, "/v2/submissions", h, s, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

type Payment struct {
	AmountCents   int64  `json:"amount"`
	EscrowAccount string `json:"escrow_account"`
}

type Receipt struct {
	ReceiptID   string `json:"receipt_id"`
	AmountCents int64  `json:"amount"`
}

// PayFees draws the county's recording fees from our escrow account. Each
// call is a separate draw; CountyLink does not deduplicate payments.
func (c *Client) PayFees(ctx context.Context, submissionID string, p Payment) (*Receipt, error) {
	var out Receipt
	path := fmt.Sprintf("/v2/submissions/%s/payments", url.PathEscape(submissionID))
	if err := c.api.Do(ctx, http.MethodPost, path, c.auth(), p, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

type Status struct {
	SubmissionID     string    `json:"submission_id"`
	State            string    `json:"state"` // queued, in_review, recorded, rejected
	InstrumentNumber string    `json:"instrument_number"`
	Book             string    `json:"book"`
	Page             string    `json:"page"`
	RecordedAt       time.Time `json:"recorded_at"`
	RejectionReason  string    `json:"rejection_reason"`
}

func (c *Client) Status(ctx context.Context, submissionID string) (*Status, error) {
	var out Status
	if err := c.api.Do(ctx, http.MethodGet, "/v2/submissions/"+url.PathEscape(submissionID), c.auth(), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
