// Package partners is the client for RescueLink, the exchange our partner
// rescues use to move animals between organisations.
package partners

import (
	"context"
	"net/http"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/providers/httpjson"
)

type Client struct {
	api  *httpjson.Client
	self string
}

func New(cfg config.Config) *Client {
	return &Client{
		api:  httpjson.New(cfg.PartnersBaseURL, cfg.ProviderTimeout, httpjson.Bearer(cfg.PartnersAPIKey)),
		self: cfg.ShelterPartnerID,
	}
}

type AnimalSummary struct {
	ExternalID string `json:"external_id"`
	Name       string `json:"name"`
	Species    string `json:"species"`
	Breed      string `json:"breed,omitempty"`
	ChipNumber string `json:"chip_number,omitempty"`
}

type TransferOffer struct {
	FromPartner string        `json:"from_partner"`
	ToPartner   string        `json:"to_partner"`
	Animal      AnimalSummary `json:"animal"`
	Reason      string        `json:"reason"`
}

type TransferAck struct {
	TransferID string `json:"transfer_id"`
	State      string `json:"state"`
}

// OfferTransfer creates a transfer to another partner. The receiving rescue
// is notified and starts arranging transport as soon as it is created.
func (c *Client) OfferTransfer(ctx context.Context, offer TransferOffer) (TransferAck, error) {
	if offer.FromPartner == "" {
		offer.FromPartner = c.self
	}
	var out TransferAck
	err := c.api.Do(ctx, http.MethodPost, "/transfers", offer, &out)
	return out, err
}
