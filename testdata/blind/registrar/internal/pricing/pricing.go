// Package pricing computes what the registrar charges.
package pricing

import (
	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/model"
)

type Quote struct {
	AmountCents int64
	Currency    string
}

type Table struct {
	cfg config.PricingConfig
}

func NewTable(cfg *config.Config) *Table { return &Table{cfg: cfg.Pricing} }

// For returns the price of an order of the given kind for years years.
func (t *Table) For(kind model.OrderKind, years int, premium bool) Quote {
	var unit int64
	switch kind {
	case model.OrderRegister:
		unit = t.cfg.RegisterCents
	case model.OrderRenew:
		unit = t.cfg.RenewCents
	case model.OrderTransfer:
		// A transfer includes one year of renewal.
		return Quote{AmountCents: t.cfg.TransferCents, Currency: t.cfg.Currency}
	}
	amount := unit * int64(years)
	if premium && t.cfg.PremiumMultiplier > 1 {
		amount *= t.cfg.PremiumMultiplier
	}
	return Quote{AmountCents: amount, Currency: t.cfg.Currency}
}

func (t *Table) Currency() string { return t.cfg.Currency }
