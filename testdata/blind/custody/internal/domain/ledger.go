package domain

import (
	"fmt"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// Ledger account names. Customer accounts are suffixed with the wallet ID.
const (
	AccountHotWallet      = "assets:hot_wallet"
	AccountGasTank        = "assets:gas_tank"
	AccountFiatClearing   = "assets:fiat_clearing"
	AccountNetworkFees    = "expenses:network_fees"
	AccountCustomerPrefix = "liabilities:customer:"
	AccountCustomerHolds  = "liabilities:holds:"
)

func CustomerAccount(walletID uuid.UUID) string { return AccountCustomerPrefix + walletID.String() }
func HoldAccount(walletID uuid.UUID) string     { return AccountCustomerHolds + walletID.String() }

// Validate checks that every asset in the journal nets to zero.
func (j Journal) Validate() error {
	if len(j.Entries) < 2 {
		return fmt.Errorf("journal %s: needs at least two entries", j.Kind)
	}
	sums := map[string]decimal.Decimal{}
	for _, e := range j.Entries {
		sums[e.Asset] = sums[e.Asset].Add(e.Amount)
	}
	for asset, s := range sums {
		if !s.IsZero() {
			return fmt.Errorf("journal %s: %s entries sum to %s", j.Kind, asset, s)
		}
	}
	return nil
}

// Transfer builds a two-legged journal moving amount from one account to another.
func Transfer(kind, ref, asset string, amount decimal.Decimal, from, to Entry) Journal {
	from.Asset, to.Asset = asset, asset
	from.Amount, to.Amount = amount.Neg(), amount
	return Journal{
		ID:      uuid.New(),
		Ref:     ref,
		Kind:    kind,
		Entries: []Entry{from, to},
	}
}

func WalletEntry(walletID uuid.UUID) Entry {
	id := walletID
	return Entry{Account: CustomerAccount(walletID), WalletID: &id}
}

func HoldEntry(walletID uuid.UUID) Entry {
	id := walletID
	return Entry{Account: HoldAccount(walletID), WalletID: &id}
}

func SystemEntry(account string) Entry { return Entry{Account: account} }
