package store

import (
	"time"

	"github.com/uptrace/bun"
)

// Account is a user's balance in one asset. Amounts are in minor units.
type Account struct {
	bun.BaseModel `bun:"table:accounts,alias:acc"`

	ID        string    `bun:"id,pk"`
	UserID    string    `bun:"user_id,notnull"`
	Asset     string    `bun:"asset,notnull"`
	Available int64     `bun:"available,notnull"`
	Held      int64     `bun:"held,notnull"`
	UpdatedAt time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}

// LedgerEntry is one append-only movement in an account bucket.
type LedgerEntry struct {
	bun.BaseModel `bun:"table:ledger_entries,alias:le"`

	ID        string    `bun:"id,pk"`
	AccountID string    `bun:"account_id,notnull"`
	Asset     string    `bun:"asset,notnull"`
	Bucket    string    `bun:"bucket,notnull"`
	Amount    int64     `bun:"amount,notnull"`
	RefType   string    `bun:"ref_type,notnull"`
	RefID     string    `bun:"ref_id,notnull"`
	Memo      string    `bun:"memo"`
	CreatedAt time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// DepositReference maps the reference code a user quotes on a bank
// transfer to the user.
type DepositReference struct {
	bun.BaseModel `bun:"table:deposit_references"`

	Code   string `bun:"code,pk"`
	UserID string `bun:"user_id,notnull"`
}

// BankDeposit is an incoming bank credit reported by the bank.
type BankDeposit struct {
	bun.BaseModel `bun:"table:bank_deposits,alias:bd"`

	ID           string    `bun:"id,pk"`
	BankTxnRef   string    `bun:"bank_txn_ref,notnull,unique"`
	BankAccount  string    `bun:"bank_account,notnull"`
	UserID       *string   `bun:"user_id"`
	AccountID    *string   `bun:"account_id"`
	Amount       int64     `bun:"amount,notnull"`
	Currency     string    `bun:"currency,notnull"`
	RemitterName string    `bun:"remitter_name"`
	Reference    string    `bun:"reference"`
	ValueDate    time.Time `bun:"value_date,notnull"`
	Status       string    `bun:"status,notnull"`
	CreatedAt    time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// CryptoDeposit is an on-chain transfer into a customer deposit address.
type CryptoDeposit struct {
	bun.BaseModel `bun:"table:crypto_deposits,alias:cd"`

	ID            string     `bun:"id,pk"`
	Chain         string     `bun:"chain,notnull"`
	TxHash        string     `bun:"tx_hash,notnull"`
	OutputIndex   int        `bun:"output_index,notnull"`
	Address       string     `bun:"address,notnull"`
	UserID        string     `bun:"user_id,notnull"`
	AccountID     string     `bun:"account_id,notnull"`
	Asset         string     `bun:"asset,notnull"`
	Amount        int64      `bun:"amount,notnull"`
	Confirmations int        `bun:"confirmations,notnull"`
	BlockHeight   int64      `bun:"block_height"`
	Status        string     `bun:"status,notnull"`
	ReviewStatus  string     `bun:"review_status,notnull"`
	CreditedAt    *time.Time `bun:"credited_at"`
	CreatedAt     time.Time  `bun:"created_at,notnull,default:current_timestamp"`
}

// DepositAddress is a custody-issued address assigned to a user.
type DepositAddress struct {
	bun.BaseModel `bun:"table:deposit_addresses"`

	Address          string    `bun:"address,pk"`
	Chain            string    `bun:"chain,notnull"`
	Asset            string    `bun:"asset,notnull"`
	UserID           string    `bun:"user_id,notnull"`
	CustodyAddressID string    `bun:"custody_address_id,notnull"`
	Label            string    `bun:"label"`
	CreatedAt        time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// CardTopup is a card payment that funds a fiat balance.
type CardTopup struct {
	bun.BaseModel `bun:"table:card_topups,alias:ct"`

	ID              string    `bun:"id,pk"`
	UserID          string    `bun:"user_id,notnull"`
	AccountID       string    `bun:"account_id,notnull"`
	IdempotencyKey  string    `bun:"idempotency_key,notnull"`
	Amount          int64     `bun:"amount,notnull"`
	Currency        string    `bun:"currency,notnull"`
	PaymentMethodID string    `bun:"payment_method_id,notnull"`
	ChargeID        *string   `bun:"charge_id"`
	Status          string    `bun:"status,notnull"`
	RedirectURL     string    `bun:"redirect_url"`
	RefundedAmount  int64     `bun:"refunded_amount,notnull"`
	CreatedAt       time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt       time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}

// Withdrawal moves funds out to a bank account or an on-chain address.
type Withdrawal struct {
	bun.BaseModel `bun:"table:withdrawals,alias:w"`

	ID             string    `bun:"id,pk"`
	UserID         string    `bun:"user_id,notnull"`
	AccountID      string    `bun:"account_id,notnull"`
	Rail           string    `bun:"rail,notnull"`
	Asset          string    `bun:"asset,notnull"`
	Amount         int64     `bun:"amount,notnull"`
	Fee            int64     `bun:"fee,notnull"`
	Destination    string    `bun:"destination,notnull"`
	DestName       string    `bun:"destination_name"`
	Network        string    `bun:"network"`
	Memo           string    `bun:"memo"`
	Status         string    `bun:"status,notnull"`
	IdempotencyKey *string   `bun:"idempotency_key"`
	CustodyTxID    *string   `bun:"custody_tx_id"`
	BankPayoutID   *string   `bun:"bank_payout_id"`
	TxHash         *string   `bun:"tx_hash"`
	Confirmations  int       `bun:"confirmations,notnull"`
	FailureReason  string    `bun:"failure_reason"`
	CreatedAt      time.Time `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt      time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}

// Total is the amount taken from the user's balance.
func (w *Withdrawal) Total() int64 { return w.Amount + w.Fee }

// WithdrawalApproval is one operator's sign-off on a large withdrawal.
type WithdrawalApproval struct {
	bun.BaseModel `bun:"table:withdrawal_approvals"`

	WithdrawalID string    `bun:"withdrawal_id,pk"`
	ApproverID   string    `bun:"approver_id,pk"`
	Comment      string    `bun:"comment"`
	CreatedAt    time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// WithdrawalAttempt records each time a worker picked up an execution job.
type WithdrawalAttempt struct {
	bun.BaseModel `bun:"table:withdrawal_attempts"`

	ID           string    `bun:"id,pk"`
	WithdrawalID string    `bun:"withdrawal_id,notnull"`
	MessageID    string    `bun:"message_id,notnull"`
	ReceiveCount int       `bun:"receive_count,notnull"`
	Outcome      string    `bun:"outcome"`
	StartedAt    time.Time `bun:"started_at,notnull,default:current_timestamp"`
}

// ChainObservation is a sighting of one of our withdrawal transactions in
// a block.
type ChainObservation struct {
	bun.BaseModel `bun:"table:chain_observations"`

	Chain       string    `bun:"chain,pk"`
	TxHash      string    `bun:"tx_hash,pk"`
	BlockHash   string    `bun:"block_hash,pk"`
	BlockHeight int64     `bun:"block_height,notnull"`
	ObservedAt  time.Time `bun:"observed_at,notnull,default:current_timestamp"`
}

// RiskHold is an amount frozen by the risk engine.
type RiskHold struct {
	bun.BaseModel `bun:"table:risk_holds"`

	ID         string     `bun:"id,pk"`
	UserID     string     `bun:"user_id,notnull"`
	AccountID  string     `bun:"account_id,notnull"`
	Amount     int64      `bun:"amount,notnull"`
	Reason     string     `bun:"reason"`
	ReleasedAt *time.Time `bun:"released_at"`
	CreatedAt  time.Time  `bun:"created_at,notnull,default:current_timestamp"`
}

// ReviewCase is a manual review opened by the risk engine.
type ReviewCase struct {
	bun.BaseModel `bun:"table:review_cases"`

	ID          string    `bun:"id,pk"`
	DepositID   string    `bun:"deposit_id,notnull"`
	DepositKind string    `bun:"deposit_kind,notnull"`
	Reason      string    `bun:"reason,notnull"`
	Score       float64   `bun:"score,notnull"`
	Status      string    `bun:"status,notnull"`
	CreatedAt   time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// WithdrawalLimit is the per-asset daily withdrawal ceiling for a user.
type WithdrawalLimit struct {
	bun.BaseModel `bun:"table:withdrawal_limits"`

	UserID     string    `bun:"user_id,pk"`
	Asset      string    `bun:"asset,pk"`
	DailyLimit int64     `bun:"daily_limit,notnull"`
	UpdatedBy  string    `bun:"updated_by,notnull"`
	UpdatedAt  time.Time `bun:"updated_at,notnull,default:current_timestamp"`
}

// ProcessedEvent remembers an inbound event that has been handled.
type ProcessedEvent struct {
	bun.BaseModel `bun:"table:processed_events"`

	Source      string    `bun:"source,pk"`
	EventID     string    `bun:"event_id,pk"`
	ProcessedAt time.Time `bun:"processed_at,notnull,default:current_timestamp"`
}

// FeeAccrual is revenue earned on a funding operation, awaiting sweep.
type FeeAccrual struct {
	bun.BaseModel `bun:"table:fee_accruals,alias:fa"`

	ID         string    `bun:"id,pk"`
	SourceType string    `bun:"source_type,notnull"`
	SourceID   string    `bun:"source_id,notnull"`
	Asset      string    `bun:"asset,notnull"`
	Amount     int64     `bun:"amount,notnull"`
	SweepID    *string   `bun:"sweep_id"`
	AccruedAt  time.Time `bun:"accrued_at,notnull,default:current_timestamp"`
}

// FeeSweep is a bank transfer of accrued fees to the revenue account.
type FeeSweep struct {
	bun.BaseModel `bun:"table:fee_sweeps"`

	ID             string    `bun:"id,pk"`
	Currency       string    `bun:"currency,notnull"`
	Amount         int64     `bun:"amount,notnull"`
	AccrualCount   int       `bun:"accrual_count,notnull"`
	BankTransferID string    `bun:"bank_transfer_id,notnull"`
	CreatedAt      time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// ReconRun is one day's reconciliation of a bank account.
type ReconRun struct {
	bun.BaseModel `bun:"table:recon_runs"`

	ID           string     `bun:"id,pk"`
	BankAccount  string     `bun:"bank_account,notnull"`
	BusinessDate time.Time  `bun:"business_date,notnull"`
	Status       string     `bun:"status,notnull"`
	Matched      int        `bun:"matched,notnull"`
	Breaks       int        `bun:"breaks,notnull"`
	StartedAt    time.Time  `bun:"started_at,notnull,default:current_timestamp"`
	FinishedAt   *time.Time `bun:"finished_at"`
}

// ReconBreak is a statement line or internal movement that did not match.
type ReconBreak struct {
	bun.BaseModel `bun:"table:recon_breaks"`

	ID        string    `bun:"id,pk"`
	RunID     string    `bun:"run_id,notnull"`
	LineRef   string    `bun:"line_ref,notnull"`
	Kind      string    `bun:"kind,notnull"`
	Amount    int64     `bun:"amount,notnull"`
	Detail    string    `bun:"detail"`
	CreatedAt time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// UserContact holds the channels used for customer notifications.
type UserContact struct {
	bun.BaseModel `bun:"table:user_contacts"`

	UserID string `bun:"user_id,pk"`
	Phone  string `bun:"phone"`
	Email  string `bun:"email"`
	Locale string `bun:"locale"`
}
