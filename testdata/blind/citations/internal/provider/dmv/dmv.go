// Package dmv is the client for the state DMV registration API: owner
// lookups by plate and registration holds. Hold placement honours an
// X-Request-ID header for 30 days (a repeat returns the existing hold).
// Releasing a hold that is already released answers 409, which the client
// reports as success.
package dmv

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/harborcity/citeproc/internal/platform/retryx"
	"github.com/harborcity/citeproc/internal/provider/apiclient"
)

type Config struct {
	BaseURL    string
	AgencyCode string
	APIKey     string
}

type Client struct {
	api    *apiclient.Client
	agency string
}

func New(cfg Config) *Client {
	return &Client{
		api:    apiclient.New("dmv", cfg.BaseURL, 15*time.Second, apiclient.Bearer(cfg.APIKey)),
		agency: cfg.AgencyCode,
	}
}

type OwnerRecord struct {
	RecordID   string `json:"record_id"`
	Name       string `json:"registered_owner"`
	Line1      string `json:"street1"`
	Line2      string `json:"street2"`
	City       string `json:"city"`
	Region     string `json:"state"`
	PostalCode string `json:"zip"`
	VIN        string `json:"vin"`
	Make       string `json:"make"`
	ExpiresOn  string `json:"registration_expires"`
}

// ErrNoRecord is returned when the plate has no current registration.
var ErrNoRecord = errors.New("dmv: no registration on file")

// LookupOwner returns the registered owner of a plate.
func (c *Client) LookupOwner(ctx context.Context, plate, state string) (*OwnerRecord, error) {
	path := "/v2/registrations/" + url.PathEscape(state) + "/" + url.PathEscape(plate)
	return retryx.Do(ctx, retryx.Default, func(ctx context.Context) (*OwnerRecord, error) {
		var out OwnerRecord
		err := c.api.Do(ctx, http.MethodGet, path, map[string]string{"X-Agency": c.agency}, nil, &out)
		var apiErr *apiclient.Error
		if errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound {
			return nil, retryx.MarkPermanent(ErrNoRecord)
		}
		if err != nil {
			return nil, err
		}
		return &out, nil
	})
}

type HoldRequest struct {
	Plate          string `json:"plate"`
	PlateState     string `json:"plate_state"`
	CaseNumber     string `json:"case_number"`
	AmountDueCents int64  `json:"amount_due"`
	// RequestID is sent as X-Request-ID.
	RequestID string `json:"-"`
}

type HoldResult struct {
	HoldNumber string    `json:"hold_number"`
	Status     string    `json:"status"`
	PlacedAt   time.Time `json:"placed_at"`
}

// PlaceHold places a registration-renewal hold on a plate.
func (c *Client) PlaceHold(ctx context.Context, req HoldRequest) (*HoldResult, error) {
	headers := map[string]string{"X-Agency": c.agency, "X-Request-ID": req.RequestID}
	call := func(ctx context.Context) (*HoldResult, error) {
		var out HoldResult
		if err := c.api.Do(ctx, http.MethodPost, "/v2/holds", headers, req, &out); err != nil {
			return nil, err
		}
		return &out, nil
	}
	if req.RequestID != "" {
		return retryx.Do(ctx, retryx.Default, call)
	}
	return call(ctx)
}

// ReleaseHold lifts a hold. A hold that is already released is not an error.
func (c *Client) ReleaseHold(ctx context.Context, holdNumber, reason, requestID string) error {
	headers := map[string]string{"X-Agency": c.agency, "X-Request-ID": requestID}
	body := map[string]string{"reason": reason}
	return retryx.Run(ctx, retryx.Default, func(ctx context.Context) error {
		err := c.api.Do(ctx, http.MethodPost, "/v2/holds/"+url.PathEscape(holdNumber)+"/release", headers, body, nil)
		var apiErr *apiclient.Error
		if errors.As(err, &apiErr) && apiErr.Status == http.StatusConflict {
			return nil
		}
		return err
	})
}
