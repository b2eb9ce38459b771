// Package service holds washclub's business logic. Services depend on the
// repository and provider interfaces declared here; implementations live in
// internal/postgres and internal/gateway and are wired in internal/app.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/baycontroller"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/gateway/sms"
)

// Q is a pool or a transaction.
type Q = sqlx.ExtContext

// CustomerRepository reads customers.
type CustomerRepository interface {
	Get(ctx context.Context, q Q, id uuid.UUID) (*domain.Customer, error)
	InsertPackPurchase(ctx context.Context, q Q, p *domain.PackPurchase) error
}

// SubscriptionRepository stores memberships.
type SubscriptionRepository interface {
	Insert(ctx context.Context, q Q, s *domain.Subscription) error
	Get(ctx context.Context, q Q, id uuid.UUID) (*domain.Subscription, error)
	ActiveForCustomer(ctx context.Context, q Q, customerID uuid.UUID, plate string) (*domain.Subscription, error)
	ListDue(ctx context.Context, q Q, asOf time.Time, after uuid.UUID, limit int) ([]domain.Subscription, error)
	Cancel(ctx context.Context, q Q, id, customerID uuid.UUID, at time.Time) (bool, error)
	AdvancePeriod(ctx context.Context, q Q, id uuid.UUID, start, end time.Time) error
	MarkPastDue(ctx context.Context, q Q, id uuid.UUID) (bool, error)
}

// ChargeRepository stores subscription billing attempts.
type ChargeRepository interface {
	Insert(ctx context.Context, q Q, c *domain.SubscriptionCharge) error
	Get(ctx context.Context, q Q, id uuid.UUID) (*domain.SubscriptionCharge, error)
	MarkSucceeded(ctx context.Context, q Q, id uuid.UUID, processorChargeID string) error
	MarkProcessing(ctx context.Context, q Q, id uuid.UUID, processorChargeID string) error
	MarkFailed(ctx context.Context, q Q, id uuid.UUID, reason string) error
	MarkVoid(ctx context.Context, q Q, id uuid.UUID) error
	SettleByProcessorID(ctx context.Context, q Q, processorChargeID string, to domain.ChargeStatus, reason string) (*domain.SubscriptionCharge, bool, error)
}

// IdempotencyRepository stores client Idempotency-Key claims.
type IdempotencyRepository interface {
	Claim(ctx context.Context, q Q, scope, key string, owner uuid.UUID) (bool, *domain.IdempotencyRecord, error)
	Complete(ctx context.Context, q Q, scope, key string, resourceID uuid.UUID) error
}

// WashRepository stores washes.
type WashRepository interface {
	Insert(ctx context.Context, q Q, w *domain.Wash) error
	InsertIfAbsent(ctx context.Context, q Q, w *domain.Wash) (bool, error)
	Get(ctx context.Context, q Q, id uuid.UUID) (*domain.Wash, error)
	GetByCycle(ctx context.Context, q Q, cycleID string) (*domain.Wash, error)
	GetByCharge(ctx context.Context, q Q, chargeID string) (*domain.Wash, error)
	GetByKioskTxn(ctx context.Context, q Q, kioskID, txnID string) (*domain.Wash, error)
	ClaimKioskDispatch(ctx context.Context, q Q, kioskID, txnID string) (*domain.Wash, error)
	SetCycle(ctx context.Context, q Q, id uuid.UUID, cycleID string) error
	MarkCompleted(ctx context.Context, q Q, id uuid.UUID) (bool, error)
	MarkFailed(ctx context.Context, q Q, id uuid.UUID, reason string) error
	MarkRewashed(ctx context.Context, q Q, id uuid.UUID) error
	MarkRefundRequested(ctx context.Context, q Q, id uuid.UUID) (bool, error)
	MarkRefunded(ctx context.Context, q Q, id uuid.UUID) error
	AttachCustomer(ctx context.Context, q Q, kioskID, txnID string, customerID uuid.UUID) (bool, error)
	RecordCycle(ctx context.Context, q Q, c *domain.CycleReport) error
	CountMemberWashesSince(ctx context.Context, q Q, subscriptionID uuid.UUID, t time.Time) (int, error)
	AttachToInvoice(ctx context.Context, q Q, invoiceID, accountID uuid.UUID, from, to time.Time) (int, int64, error)
}

// ActivationRepository stores member bay activations.
type ActivationRepository interface {
	InsertOrGet(ctx context.Context, q Q, a *domain.Activation) (*domain.Activation, bool, error)
	Get(ctx context.Context, q Q, id uuid.UUID) (*domain.Activation, error)
	GetByRequest(ctx context.Context, q Q, customerID uuid.UUID, requestID string) (*domain.Activation, error)
	RecordAttempt(ctx context.Context, q Q, id uuid.UUID, outcome, errText string) error
	MarkStarted(ctx context.Context, q Q, id uuid.UUID, cycleID string) error
	SetStatus(ctx context.Context, q Q, id uuid.UUID, status domain.ActivationStatus) (bool, error)
}

// LoyaltyRepository stores points and wash credits.
type LoyaltyRepository interface {
	EnsureAccount(ctx context.Context, q Q, customerID uuid.UUID) error
	Account(ctx context.Context, q Q, customerID uuid.UUID) (*domain.LoyaltyAccount, error)
	InsertLedger(ctx context.Context, q Q, e *domain.LedgerEntry) error
	Credit(ctx context.Context, q Q, customerID uuid.UUID, points int64) error
	Debit(ctx context.Context, q Q, customerID uuid.UUID, points int64) (bool, error)
	Claw(ctx context.Context, q Q, customerID uuid.UUID, points int64) error
	EarnedForWash(ctx context.Context, q Q, washID uuid.UUID) (int64, error)
	IncrementVisits(ctx context.Context, q Q, customerID uuid.UUID) error
	IssueCredit(ctx context.Context, q Q, c *domain.WashCredit) error
}

// RefundRepository stores refunds.
type RefundRepository interface {
	Insert(ctx context.Context, q Q, r *domain.Refund) error
	Get(ctx context.Context, q Q, id uuid.UUID) (*domain.Refund, error)
	GetByWash(ctx context.Context, q Q, washID uuid.UUID) (*domain.Refund, error)
	MarkSucceeded(ctx context.Context, q Q, id uuid.UUID, processorRefundID string) error
	MarkFailed(ctx context.Context, q Q, id uuid.UUID) error
}

// FleetRepository stores fleet accounts and invoices.
type FleetRepository interface {
	UpsertAccount(ctx context.Context, q Q, a *domain.FleetAccount) (*domain.FleetAccount, error)
	GetAccount(ctx context.Context, q Q, id uuid.UUID) (*domain.FleetAccount, error)
	GetAccountByCode(ctx context.Context, q Q, code string) (*domain.FleetAccount, error)
	ListActiveAccounts(ctx context.Context, q Q) ([]domain.FleetAccount, error)
	AddVehicle(ctx context.Context, q Q, accountID uuid.UUID, plate, label string) error
	VehicleRegistered(ctx context.Context, q Q, accountID uuid.UUID, plate string) (bool, error)
	CreateInvoice(ctx context.Context, q Q, inv *domain.FleetInvoice) (bool, error)
	InvoiceForPeriod(ctx context.Context, q Q, accountID uuid.UUID, period string) (*domain.FleetInvoice, error)
	ListInvoices(ctx context.Context, q Q, accountID uuid.UUID) ([]domain.FleetInvoice, error)
	SetInvoiceTotals(ctx context.Context, q Q, id uuid.UUID, count int, total int64) error
	MarkInvoicePaid(ctx context.Context, q Q, id uuid.UUID, chargeID string, at time.Time) error
	MarkInvoicePaymentFailed(ctx context.Context, q Q, id uuid.UUID) error
}

// EventRepository records processed webhooks and kiosk events.
type EventRepository interface {
	WebhookProcessed(ctx context.Context, q Q, provider, eventID string) (bool, error)
	MarkWebhookProcessed(ctx context.Context, q Q, provider, eventID, eventType string) error
	ClaimKioskEvent(ctx context.Context, q Q, eventID, eventType, kioskID string) (bool, error)
}

// CardProcessor charges and refunds cards (Tillpoint).
type CardProcessor interface {
	Charge(ctx context.Context, req cardprocessor.ChargeRequest) (*cardprocessor.Charge, error)
	Refund(ctx context.Context, req cardprocessor.RefundRequest) (*cardprocessor.Refund, error)
}

// BayController starts wash cycles (WashLink).
type BayController interface {
	StartCycle(ctx context.Context, req baycontroller.StartCycleRequest) (*baycontroller.Cycle, error)
	Bay(ctx context.Context, siteID, bayID string) (*baycontroller.BayStatus, error)
}

// SMSSender delivers text messages (Textrail).
type SMSSender interface {
	Send(ctx context.Context, msg sms.Message) (*sms.Receipt, error)
}
