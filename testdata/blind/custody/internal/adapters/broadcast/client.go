// Package broadcast is the client for the node / wallet-infrastructure
// provider that derives deposit addresses, signs and broadcasts transfers
// from our vaults.
//
// The provider deduplicates POSTs on the request_id body field for 72 hours:
// a repeated request_id returns the original transfer or address instead of
// creating a new one.
package broadcast

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/platform/apiclient"
	"github.com/northvault/custody/internal/ports"
)

type Client struct {
	api *apiclient.Client
}

func New(cfg config.Config) (*Client, error) {
	api, err := apiclient.New("broadcast", cfg.Broadcast.BaseURL, cfg.Broadcast.Timeout,
		apiclient.WithAuth(apiclient.APIKeyHeader("X-Api-Key", cfg.Broadcast.APIKey)),
	)
	if err != nil {
		return nil, err
	}
	return &Client{api: api}, nil
}

type transferBody struct {
	RequestID string `json:"request_id"`
	Chain     string `json:"chain"`
	Asset     string `json:"asset"`
	To        string `json:"to"`
	Amount    string `json:"amount"`
	Note      string `json:"note,omitempty"`
}

type transferResp struct {
	ID     string `json:"id"`
	TxHash string `json:"tx_hash"`
	Status string `json:"status"`
}

func (c *Client) Transfer(ctx context.Context, req ports.TransferRequest) (ports.TransferResult, error) {
	if req.RequestID == "" {
		return ports.TransferResult{}, fmt.Errorf("broadcast: transfer without request id")
	}
	var out transferResp
	r := apiclient.NewRequest(http.MethodPost, "/v1/vaults/"+url.PathEscape(req.Vault)+"/transfers",
		apiclient.JSON(transferBody{
			RequestID: req.RequestID,
			Chain:     req.Chain,
			Asset:     req.Asset,
			To:        req.ToAddress,
			Amount:    req.Amount.String(),
			Note:      req.Note,
		}),
		apiclient.Header("X-Correlation-ID", correlationID(ctx)),
	)
	if err := c.api.Do(ctx, r, &out); err != nil {
		return ports.TransferResult{}, err
	}
	return ports.TransferResult{ProviderRef: out.ID, TxHash: out.TxHash, Status: out.Status}, nil
}

type addressBody struct {
	RequestID string `json:"request_id"`
	Chain     string `json:"chain"`
	Label     string `json:"label,omitempty"`
}

type addressResp struct {
	Address        string `json:"address"`
	DerivationPath string `json:"derivation_path"`
}

func (c *Client) NewAddress(ctx context.Context, req ports.NewAddressRequest) (ports.NewAddressResult, error) {
	var out addressResp
	r := apiclient.NewRequest(http.MethodPost, "/v1/vaults/"+url.PathEscape(req.Vault)+"/addresses",
		apiclient.JSON(addressBody{RequestID: req.RequestID, Chain: req.Chain, Label: req.Label}),
		apiclient.Header("X-Correlation-ID", correlationID(ctx)),
	)
	if err := c.api.Do(ctx, r, &out); err != nil {
		return ports.NewAddressResult{}, err
	}
	return ports.NewAddressResult{Address: out.Address, DerivationPath: out.DerivationPath}, nil
}

func (c *Client) Balance(ctx context.Context, chain, address, asset string) (decimal.Decimal, error) {
	var out struct {
		Amount string `json:"amount"`
	}
	r := apiclient.NewRequest(http.MethodGet,
		"/v1/chains/"+url.PathEscape(chain)+"/addresses/"+url.PathEscape(address)+"/balance",
		apiclient.Query("asset", asset),
	)
	if err := c.api.Do(ctx, r, &out); err != nil {
		return decimal.Zero, err
	}
	return decimal.NewFromString(out.Amount)
}

type correlationKey struct{}

// ContextWithCorrelationID attaches a correlation ID that is forwarded to the
// provider for support tickets and log search.
func ContextWithCorrelationID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, correlationKey{}, id)
}

func correlationID(ctx context.Context) string {
	if v, ok := ctx.Value(correlationKey{}).(string); ok && v != "" {
		return v
	}
	return uuid.NewString()
}

var _ ports.Broadcaster = (*Client)(nil)
