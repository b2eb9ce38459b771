// Package travelrule is the client for the travel-rule gateway that relays
// IVMS101 originator/beneficiary data to counterparty VASPs.
//
// The gateway keys transfers by transfer_id, chosen by the originating VASP.
// A repeated transfer_id returns the existing transfer and is not forwarded
// again; when transfer_id is omitted the gateway assigns a new one.
package travelrule

import (
	"context"
	"net/http"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/platform/apiclient"
	"github.com/northvault/custody/internal/ports"
)

type Client struct {
	api     *apiclient.Client
	ourVASP string
}

func New(cfg config.Config) (*Client, error) {
	api, err := apiclient.New("travelrule", cfg.TravelRule.BaseURL, cfg.TravelRule.Timeout,
		apiclient.WithAuth(apiclient.BearerToken(cfg.TravelRule.APIKey)),
	)
	if err != nil {
		return nil, err
	}
	return &Client{api: api, ourVASP: cfg.OurVASP}, nil
}

type ivmsPerson struct {
	Name          string `json:"name"`
	AccountNumber string `json:"account_number"`
}

type transferBody struct {
	TransferID      string     `json:"transfer_id,omitempty"`
	OriginatorVASP  string     `json:"originator_vasp"`
	BeneficiaryVASP string     `json:"beneficiary_vasp"`
	Originator      ivmsPerson `json:"originator"`
	Beneficiary     ivmsPerson `json:"beneficiary"`
	Asset           string     `json:"asset"`
	Amount          string     `json:"amount"`
	TxHash          string     `json:"tx_hash,omitempty"`
}

type transferResp struct {
	TransferID string `json:"transfer_id"`
	Status     string `json:"status"`
}

func (c *Client) Submit(ctx context.Context, t ports.TravelRuleTransfer) (ports.TravelRuleReceipt, error) {
	var out transferResp
	r := apiclient.NewRequest(http.MethodPost, "/v1/transfers", apiclient.JSON(transferBody{
		TransferID:      t.TransferID,
		OriginatorVASP:  c.ourVASP,
		BeneficiaryVASP: t.Beneficiary.VASP,
		Originator:      ivmsPerson{Name: t.Originator.Name, AccountNumber: t.Originator.AccountNumber},
		Beneficiary:     ivmsPerson{Name: t.Beneficiary.Name, AccountNumber: t.Beneficiary.AccountNumber},
		Asset:           t.Asset,
		Amount:          t.Amount.String(),
		TxHash:          t.TxHash,
	}))
	if err := c.api.Do(ctx, r, &out); err != nil {
		return ports.TravelRuleReceipt{}, err
	}
	return ports.TravelRuleReceipt{TransferID: out.TransferID, Status: out.Status}, nil
}

var _ ports.TravelRuleGateway = (*Client)(nil)
