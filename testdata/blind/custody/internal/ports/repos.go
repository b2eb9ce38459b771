// Package ports declares the interfaces the application services depend on.
package ports

import (
	"context"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/domain"
)

type CustomerRepo interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Customer, error)
}

type WalletRepo interface {
	// Create inserts the wallet unless the customer already has one for the
	// asset; it reports whether a row was written.
	Create(ctx context.Context, w domain.Wallet) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Wallet, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Wallet, error)
	GetByCustomerAsset(ctx context.Context, customerID uuid.UUID, asset string) (domain.Wallet, error)
	AdjustBalance(ctx context.Context, id uuid.UUID, availableDelta, heldDelta decimal.Decimal) error
}

type AddressRepo interface {
	CreateRequest(ctx context.Context, r domain.AddressRequest) (bool, error)
	GetRequest(ctx context.Context, id uuid.UUID) (domain.AddressRequest, error)
	GetRequestByKey(ctx context.Context, walletID uuid.UUID, key string) (domain.AddressRequest, error)
	GetByAddress(ctx context.Context, chain, address string) (domain.AddressRequest, error)
	Assign(ctx context.Context, id uuid.UUID, address, derivationPath string) (bool, error)
	UpsertWhitelist(ctx context.Context, e domain.WhitelistEntry) (domain.WhitelistEntry, error)
	IsWhitelisted(ctx context.Context, customerID uuid.UUID, asset, address string) (bool, error)
}

type WithdrawalRepo interface {
	Create(ctx context.Context, w domain.Withdrawal) error
	Get(ctx context.Context, id uuid.UUID) (domain.Withdrawal, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (domain.Withdrawal, error)
	GetByTxHash(ctx context.Context, chain, txHash string) (domain.Withdrawal, error)
	// Transition moves the withdrawal to `to` if it is currently in one of
	// `from`, and reports whether it did.
	Transition(ctx context.Context, id uuid.UUID, to domain.WithdrawalStatus, from ...domain.WithdrawalStatus) (bool, error)
	SetStatus(ctx context.Context, id uuid.UUID, status domain.WithdrawalStatus) error
	SetTxHash(ctx context.Context, id uuid.UUID, txHash string) error
	SetNetworkFee(ctx context.Context, id uuid.UUID, fee decimal.Decimal) error
	AddApproval(ctx context.Context, id, approverID uuid.UUID, comment string) (bool, error)
	CountApprovals(ctx context.Context, id uuid.UUID) (int, error)
	CreateBroadcastAttempt(ctx context.Context, a domain.BroadcastAttempt) error
	FinishBroadcastAttempt(ctx context.Context, id uuid.UUID, status, providerRef, errMsg string) error
	InsertConfirmation(ctx context.Context, c domain.TxConfirmation) error
}

type DepositRepo interface {
	Insert(ctx context.Context, d domain.CryptoDeposit) error
	Get(ctx context.Context, id string) (domain.CryptoDeposit, error)
	GetByOutput(ctx context.Context, chain, txHash string, vout int) (domain.CryptoDeposit, error)
	MarkCredited(ctx context.Context, id string, confirmations int) error
	MarkReceiptSent(ctx context.Context, id string) error
	InsertGasTopup(ctx context.Context, t domain.GasTopup) error
}

type FiatRepo interface {
	CreateDeposit(ctx context.Context, d domain.FiatDeposit) error
	GetDeposit(ctx context.Context, id string) (domain.FiatDeposit, error)
	GetDepositByCharge(ctx context.Context, chargeID string) (domain.FiatDeposit, error)
	SetDepositStatus(ctx context.Context, id, status, chargeID string) error
	TransitionDeposit(ctx context.Context, id, from, to, chargeID string) (bool, error)
	CreateRefund(ctx context.Context, r domain.FiatRefund) error
	CreatePayout(ctx context.Context, p domain.FiatPayout) error
	GetPayout(ctx context.Context, id uuid.UUID) (domain.FiatPayout, error)
	SetPayoutStatus(ctx context.Context, id uuid.UUID, status, providerPayoutID string) error
	EventProcessed(ctx context.Context, eventID string) (bool, error)
	MarkEventProcessed(ctx context.Context, eventID, eventType string) error
}

type LedgerRepo interface {
	// PostJournal writes the journal and its entries. A journal whose Ref
	// is already present is skipped and reported as not posted.
	PostJournal(ctx context.Context, j domain.Journal) (bool, error)
	CreateInternalTransfer(ctx context.Context, t domain.InternalTransfer) error
}

type TravelRuleRepo interface {
	UpsertOutbound(ctx context.Context, m domain.TravelRuleOutbound) error
	GetOutbound(ctx context.Context, withdrawalID uuid.UUID) (domain.TravelRuleOutbound, error)
	InsertInbound(ctx context.Context, m domain.TravelRuleInbound) error
}

type ScreeningRepo interface {
	Upsert(ctx context.Context, s domain.Screening) (domain.Screening, error)
}

type IdempotencyRepo interface {
	Claim(ctx context.Context, scope, key, requestHash string) (bool, error)
	Get(ctx context.Context, scope, key string) (domain.IdempotencyRecord, error)
	Complete(ctx context.Context, scope, key string, code int, body []byte) error
	Save(ctx context.Context, rec domain.IdempotencyRecord) error
}

type NotificationRepo interface {
	Exists(ctx context.Context, dedupKey string) (bool, error)
	Record(ctx context.Context, n domain.Notification) (bool, error)
	SetProviderID(ctx context.Context, dedupKey, providerID string) error
}

type OutboxRepo interface {
	Add(ctx context.Context, subject string, payload any) error
	ListPending(ctx context.Context, limit int) ([]OutboxMessage, error)
	MarkPublished(ctx context.Context, id uuid.UUID) error
}

type OutboxMessage struct {
	ID      uuid.UUID
	Subject string
	Payload []byte
}

type MessageLog interface {
	// Claim records that consumer handled messageID and reports whether it
	// was the first to do so.
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

// Repos is the set of repositories bound to one database handle: either the
// pool or a transaction opened by UnitOfWork.Do.
type Repos interface {
	Customers() CustomerRepo
	Wallets() WalletRepo
	Addresses() AddressRepo
	Withdrawals() WithdrawalRepo
	Deposits() DepositRepo
	Fiat() FiatRepo
	Ledger() LedgerRepo
	TravelRule() TravelRuleRepo
	Screening() ScreeningRepo
	Idempotency() IdempotencyRepo
	Notifications() NotificationRepo
	Outbox() OutboxRepo
	Messages() MessageLog
	Jobs() JobEnqueuer
}

// UnitOfWork runs fn inside a database transaction. The transaction commits
// when fn returns nil and rolls back otherwise.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context, r Repos) error) error
	Repos() Repos
}
