// Package titleplant orders title searches from the regional title plant.
package titleplant

import (
	"context"
	"net/http"
	"time"

	"github.com/cobaltmesa/titleworks/internal/platform/jsonapi"
)

// SearchOrder asks the plant to run a search. Each accepted order is
// billed. When ClientReference is set, the plant answers a second order
// with the same reference with the search it already opened.
type SearchOrder struct {
	ClientReference string `json:"client_reference,omitempty"`
	CountyFIPS      string `json:"county_fips"`
	APN             string `json:"apn"`
	PropertyAddress string `json:"property_address"`
	SearchType      string `json:"search_type"` // full, current_owner, two_owner
	Vesting         string `json:"vesting_names,omitempty"`
	CallbackURL     string `json:"callback_url,omitempty"`
}

// SearchReceipt is the plant's acknowledgement.
type SearchReceipt struct {
	SearchID  string    `json:"search_id"`
	Status    string    `json:"status"`
	ETA       time.Time `json:"eta"`
	FeeCents  int64     `json:"fee_cents"`
	Reference string    `json:"client_reference,omitempty"`
}

// Exception is one item on a completed search's Schedule B.
type Exception struct {
	InstrumentNumber string    `json:"instrument_number"`
	DocType          string    `json:"doc_type"`
	Grantee          string    `json:"grantee"`
	AmountCents      int64     `json:"amount_cents"`
	RecordedOn       time.Time `json:"recorded_on"`
	LoanNumber       string    `json:"loan_number,omitempty"`
}

// Client is the plant API client.
type Client struct {
	api *jsonapi.Client
}

// New returns a plant client.
func New(baseURL, token string) *Client {
	return &Client{api: jsonapi.New(baseURL, jsonapi.BearerToken(token))}
}

// OrderSearch opens a search.
func (c *Client) OrderSearch(ctx context.Context, o SearchOrder) (*SearchReceipt, error) {
	var out SearchReceipt
	if err := c.api.Do(ctx, http.MethodPost, "/api/searches", nil, o, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
