package platform

import (
	"log/slog"

	"github.com/tldhouse/registrar/internal/billing"
	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/dnsmgmt"
	"github.com/tldhouse/registrar/internal/dnsprov"
	"github.com/tldhouse/registrar/internal/paygate"
	"github.com/tldhouse/registrar/internal/store"
	"github.com/tldhouse/registrar/internal/wallet"
)

func NewBilling(tx db.Transactor, gw *paygate.Client, payments *store.Payments, accounts *store.Accounts,
	methods *store.PaymentMethods, log *slog.Logger) *billing.Service {
	return billing.NewService(tx, gw, payments, accounts, methods, log)
}

func NewWallet(tx db.Transactor, accounts *store.Accounts) *wallet.Wallet {
	return wallet.New(tx, accounts)
}

// DefaultZoneRecords are created in every zone we provision: the apex and
// www point at the parking page until the customer changes them.
func DefaultZoneRecords(cfg *config.Config) dnsmgmt.DefaultRecords {
	return dnsmgmt.DefaultRecords{
		{Type: "A", Name: "@", Content: "192.0.2.80", TTL: 3600},
		{Type: "CNAME", Name: "www", Content: "parking.tldhouse.example.", TTL: 3600},
	}
}

func NewDNSService(p dnsprov.Provider, zones *store.Zones, domains *store.Domains, tx db.Transactor,
	defaults dnsmgmt.DefaultRecords) *dnsmgmt.Service {
	return dnsmgmt.NewService(p, zones, domains, tx, defaults)
}
