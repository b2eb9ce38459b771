// Package app holds the application services: the use cases behind the HTTP
// API, the stream consumers and the background jobs.
package app

import (
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/domain"
)

// Subjects carried by the custody stream.
const (
	SubjectDepositDetected     = "chain.deposits.detected"
	SubjectDepositConfirmed    = "chain.deposits.confirmed"
	SubjectTxConfirmed         = "chain.tx.confirmed"
	SubjectTxFailed            = "chain.tx.failed"
	SubjectFiatEvent           = "fiat.events"
	SubjectScreeningRequested  = "compliance.screening.requested"
	SubjectAddressRequested    = "custody.address.requested"
	SubjectCustomerKYCApproved = "customer.kyc.approved"
	SubjectNotifyWithdrawal    = "notify.withdrawal"
)

// DepositDetected is published by the chain watcher when an output paying
// one of our deposit addresses first appears.
type DepositDetected struct {
	Chain         string          `json:"chain"`
	TxHash        string          `json:"tx_hash"`
	Vout          int             `json:"vout"`
	Address       string          `json:"address"`
	Asset         string          `json:"asset"`
	Amount        decimal.Decimal `json:"amount"`
	Confirmations int             `json:"confirmations"`
}

// DepositConfirmed is published by the chain watcher when an output reaches
// the confirmation depth configured for its chain.
type DepositConfirmed struct {
	Chain         string `json:"chain"`
	TxHash        string `json:"tx_hash"`
	Vout          int    `json:"vout"`
	Confirmations int    `json:"confirmations"`
}

type TxConfirmed struct {
	Chain       string          `json:"chain"`
	TxHash      string          `json:"tx_hash"`
	BlockHeight int64           `json:"block_height"`
	Fee         decimal.Decimal `json:"fee"`
	ConfirmedAt time.Time       `json:"confirmed_at"`
}

type TxFailed struct {
	Chain  string `json:"chain"`
	TxHash string `json:"tx_hash"`
	Reason string `json:"reason"`
}

type ScreeningRequested struct {
	SubjectType string `json:"subject_type"`
	SubjectID   string `json:"subject_id"`
}

type AddressRequested struct {
	RequestID uuid.UUID `json:"request_id"`
}

type CustomerKYCApproved struct {
	CustomerID uuid.UUID `json:"customer_id"`
	Tier       string    `json:"tier"`
}

type WithdrawalNotice struct {
	WithdrawalID uuid.UUID               `json:"withdrawal_id"`
	Status       domain.WithdrawalStatus `json:"status"`
	Reason       string                  `json:"reason,omitempty"`
}

func notice(w domain.Withdrawal, status domain.WithdrawalStatus) WithdrawalNotice {
	return WithdrawalNotice{WithdrawalID: w.ID, Status: status}
}
