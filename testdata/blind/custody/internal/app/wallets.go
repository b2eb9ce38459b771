package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/ports"
)

// chainOf maps an asset to the chain its deposit addresses live on.
var chainOf = map[string]string{
	"BTC":  "bitcoin",
	"ETH":  "ethereum",
	"USDC": "ethereum",
	"USDT": "ethereum",
	"SOL":  "solana",
}

// Fiat wallets share the customer wallet table but have no chain.
var fiatCurrencies = map[string]bool{"USD": true, "EUR": true}

// defaultAssets are provisioned for every customer once KYC passes.
var defaultAssets = []string{"USD", "BTC", "ETH", "USDC"}

type WalletService struct {
	uow         ports.UnitOfWork
	broadcaster ports.Broadcaster
	notify      *NotificationService
	vault       string
	log         *slog.Logger
}

func NewWalletService(uow ports.UnitOfWork, b ports.Broadcaster, notify *NotificationService, cfg config.Config, log *slog.Logger) *WalletService {
	return &WalletService{uow: uow, broadcaster: b, notify: notify, vault: cfg.HotVault, log: log.With("svc", "wallets")}
}

func supported(asset string) bool {
	_, crypto := chainOf[asset]
	return crypto || fiatCurrencies[asset]
}

// CreateWallet opens a wallet for the asset, or returns the existing one.
func (s *WalletService) CreateWallet(ctx context.Context, customerID uuid.UUID, asset string) (domain.Wallet, bool, error) {
	asset = strings.ToUpper(asset)
	if !supported(asset) {
		return domain.Wallet{}, false, fmt.Errorf("%w: unsupported asset %q", domain.ErrInvalidState, asset)
	}
	repos := s.uow.Repos()
	created, err := repos.Wallets().Create(ctx, domain.Wallet{ID: uuid.New(), CustomerID: customerID, Asset: asset})
	if err != nil {
		return domain.Wallet{}, false, err
	}
	w, err := repos.Wallets().GetByCustomerAsset(ctx, customerID, asset)
	return w, created, err
}

// RequestAddress records a request for a new deposit address under the
// caller's key. The address itself is derived asynchronously by the
// custody.address.requested consumer.
func (s *WalletService) RequestAddress(ctx context.Context, customerID, walletID uuid.UUID, key string) (domain.AddressRequest, error) {
	var out domain.AddressRequest
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		w, err := r.Wallets().Get(ctx, walletID)
		if err != nil {
			return err
		}
		if w.CustomerID != customerID {
			return domain.ErrNotFound
		}
		chain, ok := chainOf[w.Asset]
		if !ok {
			return fmt.Errorf("%w: %s has no deposit addresses", domain.ErrInvalidState, w.Asset)
		}
		req := domain.AddressRequest{ID: uuid.New(), WalletID: w.ID, Chain: chain, RequestKey: key}
		created, err := r.Addresses().CreateRequest(ctx, req)
		if err != nil {
			return err
		}
		if created {
			if err := r.Outbox().Add(ctx, SubjectAddressRequested, AddressRequested{RequestID: req.ID}); err != nil {
				return err
			}
		}
		out, err = r.Addresses().GetRequestByKey(ctx, w.ID, key)
		return err
	})
	return out, err
}

// AssignAddress derives the address for a pending request at the provider.
func (s *WalletService) AssignAddress(ctx context.Context, requestID uuid.UUID) error {
	repos := s.uow.Repos()
	req, err := repos.Addresses().GetRequest(ctx, requestID)
	if err != nil {
		return err
	}
	if req.Address != "" {
		return nil
	}
	res, err := s.broadcaster.NewAddress(ctx, ports.NewAddressRequest{
		RequestID: "addr-" + req.ID.String(),
		Vault:     s.vault,
		Chain:     req.Chain,
		Label:     req.WalletID.String(),
	})
	if err != nil {
		return fmt.Errorf("derive address for %s: %w", req.ID, err)
	}
	assigned, err := repos.Addresses().Assign(ctx, req.ID, res.Address, res.DerivationPath)
	if err != nil {
		return err
	}
	if !assigned {
		s.log.InfoContext(ctx, "address already assigned", "request_id", req.ID)
	}
	return nil
}

type WhitelistInput struct {
	CustomerID uuid.UUID
	Asset      string
	Address    string
	Label      string
}

func (s *WalletService) Whitelist(ctx context.Context, in WhitelistInput) (domain.WhitelistEntry, error) {
	asset := strings.ToUpper(in.Asset)
	if _, ok := chainOf[asset]; !ok {
		return domain.WhitelistEntry{}, fmt.Errorf("%w: unsupported asset %q", domain.ErrInvalidState, in.Asset)
	}
	return s.uow.Repos().Addresses().UpsertWhitelist(ctx, domain.WhitelistEntry{
		ID:         uuid.New(),
		CustomerID: in.CustomerID,
		Asset:      asset,
		Address:    strings.TrimSpace(in.Address),
		Label:      in.Label,
	})
}

// ProvisionDefaults opens the default wallets for a newly approved customer
// and sends the welcome email.
func (s *WalletService) ProvisionDefaults(ctx context.Context, evt CustomerKYCApproved) error {
	cust, err := s.uow.Repos().Customers().Get(ctx, evt.CustomerID)
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("customer %s: %w", evt.CustomerID, err)
	}
	if err != nil {
		return err
	}
	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		for _, asset := range defaultAssets {
			if _, err := r.Wallets().Create(ctx, domain.Wallet{ID: uuid.New(), CustomerID: cust.ID, Asset: asset}); err != nil {
				return fmt.Errorf("wallet %s: %w", asset, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.notify.SendOnce(ctx, "welcome:"+cust.ID.String(), ports.Email{
		To:       cust.Email,
		Template: "welcome",
		Data:     map[string]any{"name": cust.DisplayName, "tier": evt.Tier},
	})
}
