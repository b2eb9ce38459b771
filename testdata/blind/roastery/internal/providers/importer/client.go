// Package importer is the client for Origin Direct's trade API, through which
// we place forward contracts for green coffee.
//
// Origin Direct has no idempotency header. Instead each contract carries a
// client_reference that the importer keeps unique per buyer account: a
// second submission with a reference it has seen returns the existing
// contract with HTTP 200 instead of 201.
package importer

import (
	"context"
	"net/http"

	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
)

// ContractRequest is a purchase contract offer.
type ContractRequest struct {
	ClientReference string  `json:"client_reference,omitempty"`
	ImporterCode    string  `json:"offer_code"`
	Origin          string  `json:"origin"`
	Description     string  `json:"description"`
	Kg              float64 `json:"quantity_kg"`
	PricePerKgCents int64   `json:"price_per_kg_cents"`
	ShipmentWindow  string  `json:"shipment_window,omitempty"`
	Incoterm        string  `json:"incoterm"`
}

// ContractAck is the importer's acknowledgement of a contract.
type ContractAck struct {
	ContractRef string `json:"contract_ref"`
	Status      string `json:"status"`
}

// Trader is what the green-coffee service depends on.
type Trader interface {
	SubmitContract(ctx context.Context, req ContractRequest) (*ContractAck, error)
}

// Client talks to Origin Direct.
type Client struct {
	http *httpx.Client
}

// New returns an Origin Direct client.
func New(baseURL, apiKey string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{httpx.WithHeaderKey("X-Api-Key", apiKey)}, opts...)
	return &Client{http: httpx.New("origindirect", baseURL, opts...)}
}

// SubmitContract offers a contract to the importer.
func (c *Client) SubmitContract(ctx context.Context, req ContractRequest) (*ContractAck, error) {
	if req.Incoterm == "" {
		req.Incoterm = "FOT"
	}
	var out ContractAck
	err := c.http.Do(ctx, httpx.Request{
		Method:    http.MethodPost,
		Path:      "/contracts",
		Operation: "submit_contract",
		Body:      req,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
