// Package service holds the business logic of the wholesale distribution
// service. Services depend on the repository and provider interfaces declared
// here; concrete implementations are bound in internal/app.
package service

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/provider/ach"
	"github.com/ironkettle/taproute/internal/provider/edi"
	"github.com/ironkettle/taproute/internal/provider/taxportal"
	"github.com/ironkettle/taproute/internal/store"
)

// AccountStore is the account repository.
type AccountStore interface {
	InsertIfAbsent(ctx context.Context, q store.Querier, a domain.Account) (bool, error)
	Get(ctx context.Context, q store.Querier, id string) (domain.Account, error)
	GetByLicense(ctx context.Context, q store.Querier, license string) (domain.Account, error)
	GetByEDIPartner(ctx context.Context, q store.Querier, partnerID string) (domain.Account, error)
	SetDeliveryWindow(ctx context.Context, q store.Querier, id, start, end, notes string) (bool, error)
}

// ProductStore is the catalogue and inventory repository.
type ProductStore interface {
	GetMany(ctx context.Context, q store.Querier, skus []string) (map[string]domain.Product, error)
	Reserve(ctx context.Context, q store.Querier, sku string, qty int) error
	Release(ctx context.Context, q store.Querier, sku string, qty int) error
	Ship(ctx context.Context, q store.Querier, sku string, qty int) error
	BarrelsBySKU(ctx context.Context, q store.Querier) (map[string]float64, error)
}

// OrderStore is the order repository.
type OrderStore interface {
	Insert(ctx context.Context, q store.Querier, o domain.Order) error
	Get(ctx context.Context, q store.Querier, id uuid.UUID) (domain.Order, error)
	GetForUpdate(ctx context.Context, q store.Querier, id uuid.UUID) (domain.Order, error)
	SetStatus(ctx context.Context, q store.Querier, id uuid.UUID, status domain.OrderStatus, at time.Time) error
	TransitionStatus(ctx context.Context, q store.Querier, id uuid.UUID, from []domain.OrderStatus, next domain.OrderStatus) (bool, error)
	ListDeliveredLines(ctx context.Context, q store.Querier, from, to time.Time, accountID string) ([]store.DeliveredLine, error)
}

// IdempotencyStore stores client idempotency keys with their responses.
type IdempotencyStore interface {
	Claim(ctx context.Context, q store.Querier, scope, key, requestHash string) (bool, *store.StoredResponse, error)
	SaveResponse(ctx context.Context, q store.Querier, scope, key string, status int, body any) error
}

// OutboxStore stages events for the NATS relay.
type OutboxStore interface {
	Append(ctx context.Context, q store.Querier, id, subject string, payload any) (bool, error)
}

// EDIStore records partner documents.
type EDIStore interface {
	InsertPurchaseOrder(ctx context.Context, q store.Querier, po store.InboundPO) error
	EnsureOutboundDoc(ctx context.Context, q store.Querier, id, partnerID, refID, docType string) (domain.OutboundDoc, error)
	MarkOutboundSent(ctx context.Context, q store.Querier, id, partnerRef string, at time.Time) error
	NextControlNumber(ctx context.Context, q store.Querier) (int64, error)
}

// DeliveryStore is the routing repository.
type DeliveryStore interface {
	InsertRouteIfAbsent(ctx context.Context, q store.Querier, rt domain.Route) (bool, error)
	AddStopIfAbsent(ctx context.Context, q store.Querier, d domain.Delivery) (bool, error)
	GetRoute(ctx context.Context, q store.Querier, id uuid.UUID) (domain.Route, error)
	MarkDispatched(ctx context.Context, q store.Querier, id uuid.UUID, at time.Time) (bool, error)
	GetDelivery(ctx context.Context, q store.Querier, id uuid.UUID) (domain.Delivery, error)
	MarkDelivered(ctx context.Context, q store.Querier, id uuid.UUID, signedBy string, at time.Time) error
	AppendAttempt(ctx context.Context, q store.Querier, a store.Attempt) (bool, error)
	MarkFailed(ctx context.Context, q store.Querier, id uuid.UUID, rescheduleFor time.Time) (bool, error)
}

// KegStore is the keg deposit and fleet repository.
type KegStore interface {
	AppendLedger(ctx context.Context, q store.Querier, e domain.DepositEntry) error
	AppendLedgerOnce(ctx context.Context, q store.Querier, e domain.DepositEntry) (bool, error)
	AdjustBalance(ctx context.Context, q store.Querier, accountID string, pkg domain.Package, kegs int, cents int64) error
	InsertReturnIfAbsent(ctx context.Context, q store.Querier, kr domain.KegReturn) (bool, error)
	GetReturnByPickup(ctx context.Context, q store.Querier, pickupRef string, pkg domain.Package) (domain.KegReturn, error)
	InsertRefundIfAbsent(ctx context.Context, q store.Querier, rf domain.KegRefund) error
	GetRefundByReturn(ctx context.Context, q store.Querier, returnID string) (domain.KegRefund, error)
	MarkRefundSent(ctx context.Context, q store.Querier, id uuid.UUID, creditID string, at time.Time) error
	MoveFleet(ctx context.Context, q store.Querier, pkg domain.Package, kegs int) error
	ShipFleet(ctx context.Context, q store.Querier, pkg domain.Package, kegs int) error
}

// ExciseStore is the excise filing repository.
type ExciseStore interface {
	InsertFiling(ctx context.Context, q store.Querier, f domain.ExciseFiling) error
	GetFiling(ctx context.Context, q store.Querier, id uuid.UUID) (domain.ExciseFiling, error)
	SetFilingStatus(ctx context.Context, q store.Querier, id uuid.UUID, status string) error
	MarkSubmitted(ctx context.Context, q store.Querier, id uuid.UUID, confirmation string, at time.Time) error
	InsertAmendment(ctx context.Context, q store.Querier, a domain.ExciseAmendment) error
	RecordPortalEvent(ctx context.Context, q store.Querier, eventID string, filingID *uuid.UUID, kind string) (bool, error)
	SetOutcomeByConfirmation(ctx context.Context, q store.Querier, confirmation, status, reason string) (uuid.UUID, error)
}

// InvoiceStore is the invoice repository.
type InvoiceStore interface {
	InsertIfAbsent(ctx context.Context, q store.Querier, inv domain.Invoice) (bool, error)
	Get(ctx context.Context, q store.Querier, id uuid.UUID) (domain.Invoice, error)
	GetByOrder(ctx context.Context, q store.Querier, orderID uuid.UUID) (domain.Invoice, error)
	RecordSent(ctx context.Context, q store.Querier, id uuid.UUID, at time.Time) error
	AddPending(ctx context.Context, q store.Querier, id uuid.UUID, cents int64) error
	Settle(ctx context.Context, q store.Querier, id uuid.UUID, cents int64) (string, error)
	ReleasePending(ctx context.Context, q store.Querier, id uuid.UUID, cents int64) error
	ListDueForAutopay(ctx context.Context, q store.Querier, day time.Time) ([]uuid.UUID, error)
}

// PaymentStore is the payment repository.
type PaymentStore interface {
	InsertIfAbsent(ctx context.Context, q store.Querier, p domain.Payment) (domain.Payment, bool, error)
	GetByKey(ctx context.Context, q store.Querier, invoiceID uuid.UUID, key string) (domain.Payment, error)
	GetByProviderID(ctx context.Context, q store.Querier, providerID string) (domain.Payment, error)
	MarkSubmitted(ctx context.Context, q store.Querier, id uuid.UUID, providerID string, at time.Time) error
	MarkFailed(ctx context.Context, q store.Querier, id uuid.UUID, reason string) error
	MarkSettled(ctx context.Context, q store.Querier, id uuid.UUID, at time.Time) (bool, error)
	MarkReturned(ctx context.Context, q store.Querier, id uuid.UUID, code string) (bool, error)
	RecordWebhookEvent(ctx context.Context, q store.Querier, eventID, eventType string) (bool, error)
	AppendCallLog(ctx context.Context, q store.Querier, e store.CallLogEntry) error
}

// CleaningStore is the draft-line cleaning repository.
type CleaningStore interface {
	Insert(ctx context.Context, q store.Querier, a domain.CleaningAppointment) error
	Get(ctx context.Context, q store.Querier, id string) (domain.CleaningAppointment, error)
	CountForTechnician(ctx context.Context, q store.Querier, tech string, from, to time.Time) (int, error)
	Complete(ctx context.Context, q store.Querier, id string, at time.Time) (bool, error)
	InsertChargeIfAbsent(ctx context.Context, q store.Querier, apptID, accountID string, lines int, cents int64) (bool, error)
}

// RebateStore is the loyalty rebate repository.
type RebateStore interface {
	InsertAccrual(ctx context.Context, q store.Querier, a domain.RebateAccrual) error
	SumAccruals(ctx context.Context, q store.Querier, accountID string, from, to time.Time) (int64, error)
	EnsureCredit(ctx context.Context, q store.Querier, c domain.RebateCredit) (domain.RebateCredit, error)
	MarkCredited(ctx context.Context, q store.Querier, c domain.RebateCredit, providerID string, at time.Time) error
	AddPoints(ctx context.Context, q store.Querier, accountID string, points int64) error
}

// ACHGateway originates ACH transfers.
type ACHGateway interface {
	CreateDebit(ctx context.Context, r ach.DebitRequest) (ach.Transfer, error)
	CreateCredit(ctx context.Context, r ach.CreditRequest) (ach.Transfer, error)
}

// EDIPartner sends X12 documents through the VAN.
type EDIPartner interface {
	SendPOAck(ctx context.Context, ack edi.POAck, controlNumber int64) (edi.Receipt, error)
	SendInvoice(ctx context.Context, inv edi.Invoice810, opts ...edi.SendOption) (edi.Receipt, error)
}

// TaxPortal files excise returns with the state.
type TaxPortal interface {
	SubmitReturn(ctx context.Context, r taxportal.Return) (taxportal.Receipt, error)
	FileAmendment(ctx context.Context, confirmation string, a taxportal.Amendment) (taxportal.AmendmentReceipt, error)
}

// InvoiceTasks enqueues invoice background jobs.
type InvoiceTasks interface {
	GenerateInvoice(ctx context.Context, orderID uuid.UUID) error
	SendInvoice(ctx context.Context, invoiceID uuid.UUID) error
	ResendInvoice(ctx context.Context, invoiceID uuid.UUID) error
}

// Clock returns the current time; it is a type so wire can inject it.
type Clock func() time.Time

// NewClock returns the wall clock in UTC.
func NewClock() Clock { return func() time.Time { return time.Now().UTC() } }
