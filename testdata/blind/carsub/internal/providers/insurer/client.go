// Package insurer is the client for Covera, the fleet insurer that covers
// damage to subscription cars.
//
// Covera deduplicates claim submissions by partner_reference: a submission
// whose partner_reference matches an open claim returns that claim.
package insurer

import (
	"context"
	"net/http"
	"time"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/httpx"
)

type ClaimSubmission struct {
	PartnerReference string    `json:"partner_reference"`
	PolicyNumber     string    `json:"policy_number"`
	VIN              string    `json:"vin"`
	IncidentDate     time.Time `json:"incident_date"`
	Description      string    `json:"description"`
	EstimatedCents   int64     `json:"estimated_amount_cents"`
	Currency         string    `json:"currency"`
	PhotoURLs        []string  `json:"photo_urls,omitempty"`
}

type ClaimReceipt struct {
	ClaimNumber      string `json:"claim_number"`
	PartnerReference string `json:"partner_reference"`
	Status           string `json:"status"`
}

type Client struct {
	http      *httpx.Client
	partnerID string
}

func New(cfg config.Insurer) *Client {
	return &Client{
		http:      httpx.New("covera", cfg.BaseURL, cfg.Timeout, httpx.BearerAuth(cfg.APIKey)),
		partnerID: cfg.PartnerID,
	}
}

// SubmitClaim files a first notice of loss for a damaged car.
func (c *Client) SubmitClaim(ctx context.Context, sub ClaimSubmission) (*ClaimReceipt, error) {
	var out ClaimReceipt
	path := "/partners/" + c.partnerID + "/claims"
	if err := c.http.Do(ctx, http.MethodPost, path, nil, sub, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
