// Package council is the client for the local authority's early-years
// provider portal, where funded-hours claims are submitted each term.
//
// The portal treats submission_reference as a provider-scoped dedup key: a
// claim posted again with a reference it already holds returns the existing
// claim (200) instead of creating a second one (201).
package council

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

type Config struct {
	BaseURL string
	Token   string
	Timeout time.Duration
}

type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

func NewClient(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		token:   cfg.Token,
		http:    &http.Client{Timeout: cfg.Timeout},
	}
}

// ClaimSubmission is one child's funded hours for one term.
type ClaimSubmission struct {
	ProviderURN         string `json:"-"`
	ChildFirstName      string `json:"child_first_name"`
	ChildLastName       string `json:"child_last_name"`
	ChildDateOfBirth    string `json:"child_date_of_birth"`
	Term                string `json:"term"`
	HoursPerWeek        string `json:"hours_per_week"`
	SubmissionReference string `json:"submission_reference,omitempty"`
}

// ClaimReceipt is the portal's record of a claim.
type ClaimReceipt struct {
	ClaimRef string `json:"claim_ref"`
	Status   string `json:"status"`
}

// SubmitClaim posts a funded-hours claim for the provider.
func (c *Client) SubmitClaim(ctx context.Context, s ClaimSubmission) (ClaimReceipt, error) {
	body, err := json.Marshal(s)
	if err != nil {
		return ClaimReceipt{}, err
	}
	u := fmt.Sprintf("%s/api/v2/providers/%s/funded-hours-claims", c.baseURL, url.PathEscape(s.ProviderURN))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return ClaimReceipt{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.token)

	resp, err := c.http.Do(req)
	if err != nil {
		return ClaimReceipt{}, fmt.Errorf("council: submit claim: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return ClaimReceipt{}, fmt.Errorf("council: portal answered %d: %s", resp.StatusCode, raw)
	}
	var r ClaimReceipt
	if err := json.Unmarshal(raw, &r); err != nil {
		return ClaimReceipt{}, fmt.Errorf("council: decode receipt: %w", err)
	}
	return r, nil
}
