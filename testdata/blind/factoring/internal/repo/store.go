// Package repo is the gorm-backed persistence layer. Services depend on the
// interfaces declared here; the gorm implementations are unexported.
package repo

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

var (
	ErrNotFound = errors.New("repo: not found")
	ErrConflict = errors.New("repo: conflict")
)

// Store gives access to every repository over one connection or
// transaction. Repositories obtained from the Store passed to InTx share the
// transaction.
type Store interface {
	Suppliers() SupplierRepository
	Debtors() DebtorRepository
	Invoices() InvoiceRepository
	Disputes() DisputeRepository
	CreditChecks() CreditCheckRepository
	Funding() FundingRepository
	Advances() AdvanceRepository
	Payouts() PayoutRepository
	Plans() RepaymentPlanRepository
	Rebates() RebateRepository
	Collections() CollectionRepository
	PaymentEvents() PaymentEventRepository
	Statements() StatementRepository
	Fees() FeeRepository
	Ledger() LedgerRepository
	Notices() NoticeRepository
	Notifications() NotificationRepository
	Idempotency() IdempotencyRepository
	Processed() ProcessedMessageRepository
	Outbox() OutboxRepository
	Tasks() TaskRepository

	InTx(ctx context.Context, fn func(tx Store) error) error
}

type gormStore struct {
	db *gorm.DB
}

// NewStore returns a Store backed by db.
func NewStore(db *gorm.DB) Store {
	return &gormStore{db: db}
}

func (s *gormStore) InTx(ctx context.Context, fn func(tx Store) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(&gormStore{db: tx})
	})
}

func (s *gormStore) Suppliers() SupplierRepository         { return &supplierRepo{db: s.db} }
func (s *gormStore) Debtors() DebtorRepository             { return &debtorRepo{db: s.db} }
func (s *gormStore) Invoices() InvoiceRepository           { return &invoiceRepo{db: s.db} }
func (s *gormStore) Disputes() DisputeRepository           { return &disputeRepo{db: s.db} }
func (s *gormStore) CreditChecks() CreditCheckRepository   { return &creditCheckRepo{db: s.db} }
func (s *gormStore) Funding() FundingRepository            { return &fundingRepo{db: s.db} }
func (s *gormStore) Advances() AdvanceRepository           { return &advanceRepo{db: s.db} }
func (s *gormStore) Payouts() PayoutRepository             { return &payoutRepo{db: s.db} }
func (s *gormStore) Plans() RepaymentPlanRepository        { return &planRepo{db: s.db} }
func (s *gormStore) Rebates() RebateRepository             { return &rebateRepo{db: s.db} }
func (s *gormStore) Collections() CollectionRepository     { return &collectionRepo{db: s.db} }
func (s *gormStore) PaymentEvents() PaymentEventRepository { return &paymentEventRepo{db: s.db} }
func (s *gormStore) Statements() StatementRepository       { return &statementRepo{db: s.db} }
func (s *gormStore) Fees() FeeRepository                   { return &feeRepo{db: s.db} }
func (s *gormStore) Ledger() LedgerRepository              { return &ledgerRepo{db: s.db} }
func (s *gormStore) Notices() NoticeRepository             { return &noticeRepo{db: s.db} }
func (s *gormStore) Notifications() NotificationRepository { return &notificationRepo{db: s.db} }
func (s *gormStore) Idempotency() IdempotencyRepository    { return &idempotencyRepo{db: s.db} }
func (s *gormStore) Processed() ProcessedMessageRepository { return &processedRepo{db: s.db} }
func (s *gormStore) Outbox() OutboxRepository              { return &outboxRepo{db: s.db} }
func (s *gormStore) Tasks() TaskRepository                 { return &taskRepo{db: s.db} }
