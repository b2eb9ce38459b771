// Package matchpoint is the client for MatchPoint, the employer
// matching-gift clearinghouse.
//
// MatchPoint treats client_reference as unique per API account: submitting
// a claim with a client_reference it has already seen returns the existing
// claim (HTTP 200 instead of 201) rather than opening a second one.
package matchpoint

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/harborlight-symphony/encore/internal/platform/httpx"
	"github.com/harborlight-symphony/encore/internal/platform/retry"
)

// ClaimRequest asks an employer to match a gift.
type ClaimRequest struct {
	ClientReference string `json:"client_reference"`
	Employer        string `json:"employer"`
	DonorName       string `json:"donor_name"`
	DonorEmail      string `json:"donor_email"`
	GiftCents       int64  `json:"gift_cents"`
	GiftDate        string `json:"gift_date"`
}

// Claim is MatchPoint's view of a claim.
type Claim struct {
	ID              string    `json:"id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	MatchedCents    int64     `json:"matched_cents"`
	PaidAt          time.Time `json:"paid_at"`
}

// Client talks to the MatchPoint API.
type Client struct {
	baseURL string
	apiKey  string
	http    httpx.Doer
}

// New builds a MatchPoint client.
func New(baseURL, apiKey string, hc *http.Client) *Client {
	return &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		http:    httpx.Retrying(hc, "", retry.Default),
	}
}

// SubmitClaim opens (or returns the existing) claim for req.ClientReference.
func (c *Client) SubmitClaim(ctx context.Context, req ClaimRequest) (*Claim, error) {
	if req.ClientReference == "" {
		return nil, fmt.Errorf("matchpoint: client_reference is required")
	}
	var out Claim
	if err := httpx.JSON(ctx, c.http, http.MethodPost, c.baseURL+"/v2/claims", req, &out,
		httpx.WithHeader("Authorization", "Token "+c.apiKey)); err != nil {
		return nil, fmt.Errorf("matchpoint: submit claim: %w", err)
	}
	return &out, nil
}

// ListPaid returns claims that employers paid out since the given time.
func (c *Client) ListPaid(ctx context.Context, since time.Time) ([]Claim, error) {
	q := url.Values{}
	q.Set("status", "paid")
	q.Set("paid_since", since.UTC().Format(time.RFC3339))
	var out struct {
		Data []Claim `json:"data"`
	}
	if err := httpx.JSON(ctx, c.http, http.MethodGet, c.baseURL+"/v2/claims?"+q.Encode(), nil, &out,
		httpx.WithHeader("Authorization", "Token "+c.apiKey)); err != nil {
		return nil, fmt.Errorf("matchpoint: list paid: %w", err)
	}
	return out.Data, nil
}
