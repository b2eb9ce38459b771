// Package screening is the client for the blockchain-analytics compliance
// provider (address risk and transfer screening).
//
// POST /v2/transfers/screen is keyed by the "reference" body field: a repeated
// reference returns the existing screening case instead of opening a new one.
package screening

import (
	"context"
	"net/http"
	"net/url"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/platform/apiclient"
	"github.com/northvault/custody/internal/ports"
)

type Client struct {
	api *apiclient.Client
}

func New(cfg config.Config) (*Client, error) {
	api, err := apiclient.New("screening", cfg.Screening.BaseURL, cfg.Screening.Timeout,
		apiclient.WithAuth(apiclient.APIKeyHeader("Token", cfg.Screening.APIKey)),
	)
	if err != nil {
		return nil, err
	}
	return &Client{api: api}, nil
}

type riskResp struct {
	ID         string   `json:"id"`
	RiskScore  int      `json:"risk_score"`
	Categories []string `json:"categories"`
}

func (c *Client) AddressRisk(ctx context.Context, chain, address string) (ports.ScreenResult, error) {
	var out riskResp
	r := apiclient.NewRequest(http.MethodGet, "/v2/addresses/"+url.PathEscape(chain)+"/"+url.PathEscape(address)+"/risk")
	if err := c.api.Do(ctx, r, &out); err != nil {
		return ports.ScreenResult{}, err
	}
	return ports.ScreenResult{ProviderRef: out.ID, RiskScore: out.RiskScore, Categories: out.Categories}, nil
}

type screenBody struct {
	Reference string `json:"reference"`
	Chain     string `json:"chain"`
	Address   string `json:"address"`
	Asset     string `json:"asset"`
	Amount    string `json:"amount"`
	Direction string `json:"direction"`
}

func (c *Client) ScreenTransfer(ctx context.Context, req ports.ScreenRequest) (ports.ScreenResult, error) {
	var out riskResp
	r := apiclient.NewRequest(http.MethodPost, "/v2/transfers/screen", apiclient.JSON(screenBody{
		Reference: req.Reference,
		Chain:     req.Chain,
		Address:   req.Address,
		Asset:     req.Asset,
		Amount:    req.Amount.String(),
		Direction: req.Direction,
	}))
	if err := c.api.Do(ctx, r, &out); err != nil {
		return ports.ScreenResult{}, err
	}
	return ports.ScreenResult{ProviderRef: out.ID, RiskScore: out.RiskScore, Categories: out.Categories}, nil
}

var _ ports.Screener = (*Client)(nil)
