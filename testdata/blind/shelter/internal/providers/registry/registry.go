// Package registry is the client for the National Pet Microchip Registry
// (NPMR) partner API.
//
// Every POST accepts an Idempotency-Key header; NPMR keeps keys for seven
// days and returns the original registration for a repeated key instead of
// billing and recording a second one.
package registry

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/providers/httpjson"
)

type Client struct {
	api   *httpjson.Client
	orgID string
}

func New(cfg config.Config) *Client {
	return &Client{
		api:   httpjson.New(cfg.RegistryBaseURL, cfg.ProviderTimeout, httpjson.APIKey("X-NPMR-Key", cfg.RegistryAPIKey)),
		orgID: cfg.RegistryOrgID,
	}
}

type callOptions struct{ idempotencyKey string }

// CallOption configures a single registry call.
type CallOption func(*callOptions)

// WithIdempotencyKey makes NPMR collapse repeats of the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func collect(opts []CallOption) []httpjson.RequestOption {
	var co callOptions
	for _, o := range opts {
		o(&co)
	}
	return []httpjson.RequestOption{httpjson.WithHeader("Idempotency-Key", co.idempotencyKey)}
}

type RegisterRequest struct {
	ChipNumber   string `json:"chip_number"`
	Species      string `json:"species"`
	AnimalName   string `json:"animal_name"`
	Breed        string `json:"breed,omitempty"`
	OrgID        string `json:"org_id"`
	ContactEmail string `json:"contact_email"`
}

type Registration struct {
	ID         string    `json:"id"`
	ChipNumber string    `json:"chip_number"`
	Status     string    `json:"status"`
	CreatedAt  time.Time `json:"created_at"`
}

// Register enrols a chip under the shelter organisation.
func (c *Client) Register(ctx context.Context, req RegisterRequest, opts ...CallOption) (Registration, error) {
	if req.OrgID == "" {
		req.OrgID = c.orgID
	}
	var out Registration
	err := c.api.Do(ctx, http.MethodPost, "/registrations", req, &out, collect(opts)...)
	return out, err
}

type TransferRequest struct {
	NewOwnerName  string `json:"new_owner_name"`
	NewOwnerEmail string `json:"new_owner_email"`
	NewOwnerPhone string `json:"new_owner_phone,omitempty"`
	EffectiveDate string `json:"effective_date"`
	FromOrgID     string `json:"from_org_id"`
}

type Transfer struct {
	ID         string `json:"id"`
	ChipNumber string `json:"chip_number"`
	Status     string `json:"status"`
}

// TransferOwnership moves a chip from the shelter to an adopter. NPMR bills
// per transfer and emails the new owner a confirmation.
func (c *Client) TransferOwnership(ctx context.Context, chip string, req TransferRequest, opts ...CallOption) (Transfer, error) {
	if req.FromOrgID == "" {
		req.FromOrgID = c.orgID
	}
	var out Transfer
	err := c.api.Do(ctx, http.MethodPost, "/chips/"+url.PathEscape(chip)+"/transfers", req, &out, collect(opts)...)
	return out, err
}
