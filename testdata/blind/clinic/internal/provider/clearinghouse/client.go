// Package clearinghouse submits professional claims (837P equivalent, JSON) to
// the ClearWave clearinghouse.
//
// ClearWave de-duplicates on submitter_claim_id: a second submission with an
// id it has already accepted returns the original claim_ref.
package clearinghouse

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/provider/httpclient"
)

type Line struct {
	CPT         string `json:"cpt"`
	Modifier    string `json:"modifier,omitempty"`
	Units       int    `json:"units"`
	ChargeCents int64  `json:"charge_cents"`
}

type Submission struct {
	SubmitterClaimID string    `json:"submitter_claim_id,omitempty"`
	PayerID          string    `json:"payer_id"`
	MemberID         string    `json:"member_id"`
	RenderingNPI     string    `json:"rendering_npi"`
	ServiceDate      time.Time `json:"service_date"`
	PlaceOfService   string    `json:"place_of_service"`
	Lines            []Line    `json:"lines"`
	// OriginalClaimRef is set on corrected / replacement claims.
	OriginalClaimRef string `json:"original_claim_ref,omitempty"`
	FrequencyCode    string `json:"frequency_code,omitempty"`
}

type Remittance struct {
	TraceNumber      string `json:"trace_number"`
	PaidCents        int64  `json:"paid_cents"`
	PatientRespCents int64  `json:"patient_resp_cents"`
}

type Response struct {
	ClaimRef   string      `json:"claim_ref"`
	Status     string      `json:"status"` // accepted | rejected | denied | adjudicated
	Remittance *Remittance `json:"remittance,omitempty"`
	Messages   []string    `json:"messages,omitempty"`
}

type Client struct {
	hc *httpclient.Client
}

func New(cfg config.Config) (*Client, error) {
	hc, err := httpclient.New(cfg.Clearinghouse.BaseURL, cfg.Clearinghouse.Timeout,
		httpclient.WithHeader("X-Api-Key", cfg.Clearinghouse.APIKey))
	if err != nil {
		return nil, err
	}
	return &Client{hc: hc}, nil
}

// Submit sends an original claim.
func (c *Client) Submit(ctx context.Context, s Submission) (Response, error) {
	s.FrequencyCode = "1"
	return c.send(ctx, "/v1/claims", s)
}

// Resubmit sends a replacement (frequency 7) for a previously denied claim.
func (c *Client) Resubmit(ctx context.Context, s Submission) (Response, error) {
	s.FrequencyCode = "7"
	return c.send(ctx, "/v1/claims/replacements", s)
}

func (c *Client) send(ctx context.Context, path string, s Submission) (Response, error) {
	return retry.DoWithData(func() (Response, error) {
		var out Response
		err := c.hc.Do(ctx, http.MethodPost, path, &out, httpclient.WithJSONBody(s))
		if err != nil && !httpclient.IsRetryable(err) {
			return out, retry.Unrecoverable(err)
		}
		return out, err
	}, retry.Context(ctx), retry.Attempts(3), retry.Delay(500*time.Millisecond))
}
