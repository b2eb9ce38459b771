// Package domain holds the custody platform's core types.
package domain

import (
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrConflict          = errors.New("conflict")
	ErrInsufficientFunds = errors.New("insufficient funds")
	ErrInvalidState      = errors.New("invalid state")
	ErrNotWhitelisted    = errors.New("destination not whitelisted")
	ErrKeyReuse          = errors.New("idempotency key reused with a different request")
)

type Customer struct {
	ID          uuid.UUID
	Email       string
	DisplayName string
	KYCStatus   string
}

type Wallet struct {
	ID         uuid.UUID       `json:"id"`
	CustomerID uuid.UUID       `json:"customer_id"`
	Asset      string          `json:"asset"`
	Available  decimal.Decimal `json:"available"`
	Held       decimal.Decimal `json:"held"`
	CreatedAt  time.Time       `json:"created_at"`
}

type AddressRequest struct {
	ID             uuid.UUID `json:"id"`
	WalletID       uuid.UUID `json:"wallet_id"`
	Chain          string    `json:"chain"`
	RequestKey     string    `json:"request_key"`
	Address        string    `json:"address,omitempty"`
	DerivationPath string    `json:"derivation_path,omitempty"`
}

type WhitelistEntry struct {
	ID         uuid.UUID `json:"id"`
	CustomerID uuid.UUID `json:"customer_id"`
	Asset      string    `json:"asset"`
	Address    string    `json:"address"`
	Label      string    `json:"label"`
}

type WithdrawalStatus string

const (
	WithdrawalScreening       WithdrawalStatus = "screening"
	WithdrawalPendingApproval WithdrawalStatus = "pending_approval"
	WithdrawalApproved        WithdrawalStatus = "approved"
	WithdrawalBroadcast       WithdrawalStatus = "broadcast"
	WithdrawalConfirmed       WithdrawalStatus = "confirmed"
	WithdrawalSettled         WithdrawalStatus = "settled"
	WithdrawalFailed          WithdrawalStatus = "failed"
	WithdrawalRejected        WithdrawalStatus = "rejected"
	WithdrawalCancelled       WithdrawalStatus = "cancelled"
)

// Cancellable reports whether a customer may still cancel the withdrawal.
func (s WithdrawalStatus) Cancellable() bool {
	switch s {
	case WithdrawalScreening, WithdrawalPendingApproval, WithdrawalApproved:
		return true
	}
	return false
}

type Withdrawal struct {
	ID                uuid.UUID        `json:"id"`
	WalletID          uuid.UUID        `json:"wallet_id"`
	CustomerID        uuid.UUID        `json:"customer_id"`
	Asset             string           `json:"asset"`
	Chain             string           `json:"chain"`
	Amount            decimal.Decimal  `json:"amount"`
	ToAddress         string           `json:"to_address"`
	BeneficiaryVASP   string           `json:"beneficiary_vasp,omitempty"`
	BeneficiaryName   string           `json:"beneficiary_name,omitempty"`
	Status            WithdrawalStatus `json:"status"`
	RequiredApprovals int              `json:"required_approvals"`
	TxHash            string           `json:"tx_hash,omitempty"`
	NetworkFee        decimal.Decimal  `json:"network_fee"`
	CreatedAt         time.Time        `json:"created_at"`
	UpdatedAt         time.Time        `json:"updated_at"`
}

type BroadcastAttempt struct {
	ID           uuid.UUID
	WithdrawalID uuid.UUID
	RequestID    string
}

type TxConfirmation struct {
	WithdrawalID uuid.UUID
	TxHash       string
	BlockHeight  int64
	NetworkFee   decimal.Decimal
	ConfirmedAt  time.Time
}

type CryptoDeposit struct {
	ID            string          `json:"id"`
	WalletID      uuid.UUID       `json:"wallet_id"`
	Chain         string          `json:"chain"`
	TxHash        string          `json:"tx_hash"`
	Vout          int             `json:"vout"`
	Address       string          `json:"address"`
	Amount        decimal.Decimal `json:"amount"`
	Status        string          `json:"status"`
	Confirmations int             `json:"confirmations"`
	ReceiptSentAt *time.Time      `json:"receipt_sent_at,omitempty"`
}

type GasTopup struct {
	ID          uuid.UUID
	Address     string
	Chain       string
	Amount      decimal.Decimal
	RequestID   string
	ProviderRef string
}

type FiatDeposit struct {
	ID               string    `json:"id"`
	CustomerID       uuid.UUID `json:"customer_id"`
	WalletID         uuid.UUID `json:"wallet_id"`
	AmountCents      int64     `json:"amount_cents"`
	Currency         string    `json:"currency"`
	Method           string    `json:"method"`
	PaymentMethodID  string    `json:"payment_method_id"`
	Status           string    `json:"status"`
	ProviderChargeID string    `json:"provider_charge_id,omitempty"`
	CreatedAt        time.Time `json:"created_at"`
}

const (
	FiatPending    = "pending"
	FiatProcessing = "processing"
	FiatSettled    = "settled"
	FiatFailed     = "failed"
	FiatRefunded   = "refunded"
)

type FiatRefund struct {
	ID               string `json:"id"`
	DepositID        string `json:"deposit_id"`
	AmountCents      int64  `json:"amount_cents"`
	Reason           string `json:"reason"`
	ProviderRefundID string `json:"provider_refund_id"`
}

type FiatPayout struct {
	ID               uuid.UUID `json:"id"`
	CustomerID       uuid.UUID `json:"customer_id"`
	WalletID         uuid.UUID `json:"wallet_id"`
	AmountCents      int64     `json:"amount_cents"`
	Currency         string    `json:"currency"`
	BankAccountID    string    `json:"bank_account_id"`
	Status           string    `json:"status"`
	ProviderPayoutID string    `json:"provider_payout_id,omitempty"`
}

// Journal is a balanced set of ledger entries. Ref, when set, is unique
// across all journals.
type Journal struct {
	ID      uuid.UUID
	Ref     string
	Kind    string
	Memo    string
	Entries []Entry
}

type Entry struct {
	Account  string
	WalletID *uuid.UUID
	Asset    string
	Amount   decimal.Decimal
}

type InternalTransfer struct {
	ID           uuid.UUID       `json:"id"`
	FromWalletID uuid.UUID       `json:"from_wallet_id"`
	ToWalletID   uuid.UUID       `json:"to_wallet_id"`
	Asset        string          `json:"asset"`
	Amount       decimal.Decimal `json:"amount"`
	JournalID    uuid.UUID       `json:"journal_id"`
	Memo         string          `json:"memo"`
}

type TravelRuleOutbound struct {
	ID              uuid.UUID
	WithdrawalID    uuid.UUID
	BeneficiaryVASP string
	Status          string
	ProviderRef     string
}

type TravelRuleInbound struct {
	ID             uuid.UUID
	OriginatorVASP string
	TransferID     string
	Asset          string
	Amount         decimal.Decimal
	Beneficiary    string
	Payload        []byte
}

type Screening struct {
	ID          uuid.UUID `json:"id"`
	SubjectType string    `json:"subject_type"`
	SubjectID   string    `json:"subject_id"`
	Chain       string    `json:"chain"`
	Address     string    `json:"address"`
	RiskScore   int       `json:"risk_score"`
	Decision    string    `json:"decision"`
	ProviderRef string    `json:"provider_ref"`
}

type Notification struct {
	ID                uuid.UUID
	DedupKey          string
	Channel           string
	Recipient         string
	Template          string
	ProviderMessageID string
}

type IdempotencyRecord struct {
	Scope        string
	Key          string
	RequestHash  string
	ResponseCode int
	ResponseBody []byte
	Completed    bool
}
