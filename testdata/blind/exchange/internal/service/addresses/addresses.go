// Package addresses issues crypto deposit addresses to customers.
package addresses

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/halyard/funding/internal/provider/custody"
	"github.com/halyard/funding/internal/store"
)

// Custody is the subset of the custody API used here.
type Custody interface {
	CreateAddress(ctx context.Context, b *custody.AddressBuilder) (*custody.Address, error)
}

// ErrUnsupported means the asset/network pair is not offered.
var ErrUnsupported = errors.New("addresses: unsupported asset or network")

// Service issues addresses.
type Service struct {
	store     store.Store
	custody   Custody
	vaultID   string
	supported map[string]string
}

// New wires a Service.
func New(st store.Store, c Custody, vaultID string) *Service {
	return &Service{
		store:   st,
		custody: c,
		vaultID: vaultID,
		supported: map[string]string{
			"bitcoin:BTC":   "BTC",
			"ethereum:ETH":  "ETH",
			"ethereum:USDC": "USDC",
			"tron:USDT":     "USDT_TRX",
			"solana:SOL":    "SOL",
		},
	}
}

// Issue allocates a fresh deposit address. Customers may hold several
// addresses per asset; the newest is shown in the app.
func (s *Service) Issue(ctx context.Context, userID, asset, network, label string) (*store.DepositAddress, error) {
	asset, network = strings.ToUpper(asset), strings.ToLower(network)
	custodyAsset, ok := s.supported[network+":"+asset]
	if !ok {
		return nil, ErrUnsupported
	}
	addr, err := s.custody.CreateAddress(ctx, custody.NewAddress(s.vaultID, custodyAsset, network).
		Label(label).
		CustomerRef(userID))
	if err != nil {
		return nil, fmt.Errorf("allocate address: %w", err)
	}
	row := &store.DepositAddress{
		Address:          addr.Address,
		Chain:            network,
		Asset:            asset,
		UserID:           userID,
		CustodyAddressID: addr.ID,
		Label:            label,
	}
	if err := s.store.Repos().Addresses.Insert(ctx, row); err != nil {
		return nil, err
	}
	return row, nil
}

// List returns the user's addresses for an asset.
func (s *Service) List(ctx context.Context, userID, asset string) ([]store.DepositAddress, error) {
	return s.store.Repos().Addresses.ListForUser(ctx, userID, strings.ToUpper(asset))
}
