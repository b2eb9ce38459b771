// Package dmv is the client for the DMV registered-owner lookup partner.
// Lookups are read-only: POST is used only because the partner wants the
// plate in the body rather than in a URL.
package dmv

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/northgate/tolls/internal/config"
)

// ErrNoRecord is returned when the DMV has no registration for a plate.
var ErrNoRecord = errors.New("dmv: no registration on record")

// Owner is the registered owner of a plate.
type Owner struct {
	Name       string `json:"registered_owner"`
	Line1      string `json:"street1"`
	Line2      string `json:"street2"`
	City       string `json:"city"`
	Region     string `json:"state"`
	PostalCode string `json:"zip"`
	Make       string `json:"vehicle_make"`
	Class      int    `json:"vehicle_class"`
}

// Lookup finds plate owners.
type Lookup interface {
	LookupPlate(ctx context.Context, state, plate string) (*Owner, error)
}

// Client is the HTTP Lookup.
type Client struct {
	baseURL  string
	clientID string
	secret   string
	http     *http.Client
}

// NewClient builds a Client from configuration.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL:  cfg.DMV.BaseURL,
		clientID: cfg.DMV.ClientID,
		secret:   cfg.DMV.Secret,
		http:     &http.Client{Timeout: cfg.DMV.Timeout},
	}
}

type lookupRequest struct {
	State          string `json:"state"`
	Plate          string `json:"plate"`
	PermissibleUse string `json:"permissible_use"`
}

// LookupPlate implements Lookup with bounded retries.
func (c *Client) LookupPlate(ctx context.Context, state, plate string) (*Owner, error) {
	payload, _ := json.Marshal(lookupRequest{State: state, Plate: plate, PermissibleUse: "DPPA-TOLL"})
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 30 * time.Second
	return backoff.RetryWithData(func() (*Owner, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/plate-lookups", bytes.NewReader(payload))
		if err != nil {
			return nil, backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.SetBasicAuth(c.clientID, c.secret)
		resp, err := c.http.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
		switch {
		case resp.StatusCode == http.StatusNotFound:
			return nil, backoff.Permanent(ErrNoRecord)
		case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
			return nil, fmt.Errorf("dmv: status %d", resp.StatusCode)
		case resp.StatusCode/100 != 2:
			return nil, backoff.Permanent(fmt.Errorf("dmv: status %d: %s", resp.StatusCode, data))
		}
		var o Owner
		if err := json.Unmarshal(data, &o); err != nil {
			return nil, backoff.Permanent(err)
		}
		return &o, nil
	}, backoff.WithContext(b, ctx))
}
