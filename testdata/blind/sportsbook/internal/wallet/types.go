// Package wallet owns player balances. All balance changes go through Store,
// which updates the wallets row and appends to ledger_entries in the caller's
// transaction.
package wallet

import (
	"errors"
	"time"
)

// Pocket is the balance a movement applies to.
type Pocket string

const (
	Cash     Pocket = "cash"
	Bonus    Pocket = "bonus"
	Reserved Pocket = "reserved"
)

// Entry types written to the ledger.
const (
	EntryDeposit        = "deposit"
	EntryDepositRefund  = "deposit_refund"
	EntryChargeback     = "chargeback"
	EntryWithdrawalHold = "withdrawal_hold"
	EntryWithdrawalPaid = "withdrawal_paid"
	EntryWithdrawalBack = "withdrawal_release"
	EntryStakeReserve   = "stake_reserve"
	EntryStakeRelease   = "stake_release"
	EntryStakeCapture   = "stake_capture"
	EntryBetWin         = "bet_win"
	EntryBetRefund      = "bet_refund"
	EntryCashout        = "cashout"
	EntryResettle       = "resettlement"
	EntryAdjustment     = "adjustment"
	EntryBonusCredit    = "bonus_credit"
	EntryBonusExpire    = "bonus_expire"
	EntryBonusRevoke    = "bonus_revoke"
)

var (
	// ErrInsufficientFunds is returned when the available balance does not
	// cover a debit or reservation.
	ErrInsufficientFunds = errors.New("wallet: insufficient funds")
	// ErrWalletNotFound is returned for players without a wallet.
	ErrWalletNotFound = errors.New("wallet: not found")
)

// Wallet is a row of the wallets table.
type Wallet struct {
	PlayerID     string    `db:"player_id"`
	Currency     string    `db:"currency"`
	CashBalance  int64     `db:"cash_balance"`
	BonusBalance int64     `db:"bonus_balance"`
	Reserved     int64     `db:"reserved"`
	Version      int64     `db:"version"`
	UpdatedAt    time.Time `db:"updated_at"`
}

// Available returns the cash that is not held by open bets or withdrawals.
func (w Wallet) Available() int64 { return w.CashBalance - w.Reserved }

// Movement is a single signed change to one pocket of a wallet.
type Movement struct {
	PlayerID  string
	Pocket    Pocket
	Amount    int64
	EntryType string
	RefType   string
	RefID     string
}

// Balance is the read model returned to clients.
type Balance struct {
	PlayerID  string
	Currency  string
	Cash      int64
	Bonus     int64
	Reserved  int64
	Available int64
}

// LedgerEntry is a row of ledger_entries.
type LedgerEntry struct {
	ID           int64     `db:"id"`
	PlayerID     string    `db:"player_id"`
	Pocket       string    `db:"pocket"`
	Amount       int64     `db:"amount"`
	EntryType    string    `db:"entry_type"`
	RefType      string    `db:"ref_type"`
	RefID        string    `db:"ref_id"`
	BalanceAfter int64     `db:"balance_after"`
	CreatedAt    time.Time `db:"created_at"`
}
