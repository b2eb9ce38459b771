// Package fees prices funding operations and accrues the revenue they earn.
package fees

import (
	"strings"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/store"
)

// Schedule holds flat withdrawal fees in minor units.
type Schedule struct {
	Fiat   map[string]int64
	Crypto map[string]int64
}

// DefaultSchedule is the published fee table.
func DefaultSchedule() Schedule {
	return Schedule{
		Fiat: map[string]int64{"EUR": 100, "GBP": 100, "USD": 250},
		Crypto: map[string]int64{
			"bitcoin:BTC":   20_000,
			"ethereum:ETH":  1_500_000_000_000_000,
			"ethereum:USDC": 2_500_000,
			"tron:USDT":     1_000_000,
			"solana:SOL":    10_000_000,
		},
	}
}

// Withdrawal returns the fee charged for a withdrawal.
func (s Schedule) Withdrawal(rail, asset, network string) int64 {
	if rail == store.RailBank {
		return s.Fiat[strings.ToUpper(asset)]
	}
	return s.Crypto[network+":"+strings.ToUpper(asset)]
}

// WithdrawalFee is the accrual of the fee charged on a bank withdrawal.
// Its id is derived from the withdrawal so it can only be accrued once.
func WithdrawalFee(w *store.Withdrawal) *store.FeeAccrual {
	return &store.FeeAccrual{
		ID:         "fee_wd_" + w.ID,
		SourceType: "withdrawal_fee",
		SourceID:   w.ID,
		Asset:      w.Asset,
		Amount:     w.Fee,
	}
}

// NetworkSpread is what the exchange keeps of an on-chain withdrawal fee
// once the network fee actually paid is known.
func NetworkSpread(w *store.Withdrawal, networkFee int64) *store.FeeAccrual {
	spread := w.Fee - networkFee
	if spread < 0 {
		spread = 0
	}
	return &store.FeeAccrual{
		ID:         ids.Prefixed("fee"),
		SourceType: "withdrawal_spread",
		SourceID:   w.ID,
		Asset:      w.Asset,
		Amount:     spread,
	}
}
