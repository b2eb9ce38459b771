// Package jobs declares the argument types of the background jobs run by the
// worker binary. They are shared by the services that enqueue them.
package jobs

import (
	"github.com/google/uuid"
)

const (
	QueueDefault    = "default"
	QueueBroadcast  = "broadcast"
	QueueFiat       = "fiat"
	QueueCompliance = "compliance"
	QueueNotify     = "notify"
)

type BroadcastWithdrawal struct {
	WithdrawalID uuid.UUID `json:"withdrawal_id" river:"unique"`
}

func (BroadcastWithdrawal) Kind() string { return "withdrawal.broadcast" }

type SettleWithdrawal struct {
	WithdrawalID uuid.UUID `json:"withdrawal_id" river:"unique"`
}

func (SettleWithdrawal) Kind() string { return "withdrawal.settle" }

type FiatCharge struct {
	DepositID string `json:"deposit_id" river:"unique"`
}

func (FiatCharge) Kind() string { return "fiat.charge" }

type FiatPayout struct {
	PayoutID uuid.UUID `json:"payout_id" river:"unique"`
}

func (FiatPayout) Kind() string { return "fiat.payout" }

type TravelRuleSend struct {
	WithdrawalID uuid.UUID `json:"withdrawal_id" river:"unique"`
}

func (TravelRuleSend) Kind() string { return "travelrule.send" }

type DepositReceipt struct {
	DepositID string `json:"deposit_id"`
}

func (DepositReceipt) Kind() string { return "deposit.receipt" }

type GasTopup struct {
	Chain   string `json:"chain"`
	Address string `json:"address"`
	Asset   string `json:"asset"`
}

func (GasTopup) Kind() string { return "deposit.gas_topup" }

type OutboxRelay struct{}

func (OutboxRelay) Kind() string { return "outbox.relay" }
