package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/config"
	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/platform/apperr"
	"github.com/larchway/hoaops/internal/platform/txctx"
	"github.com/larchway/hoaops/internal/provider/paylane"
)

// Service is the payments use-case surface.
type Service interface {
	PayNow(ctx context.Context, idempotencyKey string, req PayRequest) (Payment, error)
	CollectInvoice(ctx context.Context, invoiceID uuid.UUID, attempt int) error
	CollectFine(ctx context.Context, violationID uuid.UUID) error
	RecordWebhook(ctx context.Context, ev WebhookEvent) error
	ApplySettlement(ctx context.Context, messageID string, ev events.ChargeSettled) error
	ApplyFailure(ctx context.Context, ev events.ChargeFailed) error
}

// PayRequest is a one-off card payment from the owner portal.
type PayRequest struct {
	AccountID     uuid.UUID  `json:"-"`
	InvoiceID     *uuid.UUID `json:"invoice_id,omitempty"`
	AmountCents   int64      `json:"amount_cents"`
	PaymentMethod string     `json:"payment_method"`
}

// Params are the service's dependencies.
type Params struct {
	fx.In

	UoW       txctx.UnitOfWork
	Gateway   Gateway
	Payments  PaymentStore
	Invoices  InvoiceStore
	Accounts  AccountReader
	Fines     FineReader
	Webhooks  WebhookStore
	Inbox     Inbox
	Ledger    LedgerWriter
	Publisher EventPublisher
	Config    config.Config
	Logger    *slog.Logger
}

type service struct {
	Params
	nsfFeeCents int64
	log         *slog.Logger
	now         func() time.Time
}

// New builds the payments service.
func New(p Params) Service {
	return &service{
		Params:      p,
		nsfFeeCents: p.Config.NSFFeeCents,
		log:         p.Logger.With("component", "payments"),
		now:         time.Now,
	}
}

// PayNow charges the owner's card for a portal payment. The owner portal
// sends an Idempotency-Key per payment attempt; it is forwarded to Paylane
// so a resubmitted form reuses the original charge.
func (s *service) PayNow(ctx context.Context, idempotencyKey string, req PayRequest) (Payment, error) {
	if idempotencyKey == "" {
		return Payment{}, apperr.Invalidf("Idempotency-Key header is required")
	}
	if req.AmountCents <= 0 {
		return Payment{}, apperr.Invalidf("amount_cents must be positive")
	}
	acct, err := s.Accounts.Get(ctx, req.AccountID)
	if err != nil {
		return Payment{}, err
	}
	if req.InvoiceID != nil {
		inv, err := s.Invoices.Get(ctx, *req.InvoiceID)
		if err != nil {
			return Payment{}, err
		}
		if inv.AccountID != acct.ID {
			return Payment{}, apperr.Invalidf("invoice does not belong to account")
		}
	}

	charge, err := s.Gateway.CreateCharge(ctx, paylane.ChargeRequest{
		CustomerID:     acct.PaymentCustomerID,
		PaymentMethod:  req.PaymentMethod,
		AmountCents:    req.AmountCents,
		Currency:       "usd",
		Description:    fmt.Sprintf("%s unit %s", acct.AssociationName, acct.UnitLabel),
		Metadata:       map[string]string{"account_id": acct.ID.String()},
		IdempotencyKey: "portal:" + acct.ID.String() + ":" + idempotencyKey,
	})
	if err != nil {
		return Payment{}, fmt.Errorf("%w: %v", apperr.ErrUpstream, err)
	}

	return s.Payments.InsertOrGet(ctx, Payment{
		ID:          uuid.New(),
		AccountID:   acct.ID,
		InvoiceID:   req.InvoiceID,
		Method:      "card",
		Source:      SourcePortal,
		AmountCents: req.AmountCents,
		ProviderRef: &charge.ID,
		Status:      chargeStatus(charge.Status),
	})
}

// CollectInvoice runs autopay for one dues invoice.
func (s *service) CollectInvoice(ctx context.Context, invoiceID uuid.UUID, attempt int) error {
	inv, err := s.Invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if inv.Status != billing.InvoiceOpen {
		return nil
	}
	acct, err := s.Accounts.Get(ctx, inv.AccountID)
	if err != nil {
		return err
	}
	switch acct.AutopayMethod {
	case billing.AutopayCard:
		return s.collectCard(ctx, acct, inv, attempt)
	case billing.AutopayACH:
		return s.collectACH(ctx, acct, inv, attempt)
	default:
		s.log.InfoContext(ctx, "autopay disabled since queueing", "account_id", acct.ID)
		return nil
	}
}

func (s *service) collectCard(ctx context.Context, acct billing.Account, inv billing.Invoice, attempt int) error {
	charge, err := s.Gateway.CreateCharge(ctx, paylane.ChargeRequest{
		CustomerID:     acct.PaymentCustomerID,
		PaymentMethod:  acct.PaymentMethodRef,
		AmountCents:    inv.AmountCents,
		Currency:       "usd",
		Description:    "Dues " + inv.Period,
		Metadata:       map[string]string{"invoice_id": inv.ID.String()},
		IdempotencyKey: "autopay:" + inv.ID.String(),
	})
	s.recordAttempt(ctx, inv.ID, attempt, "card", charge.ID, err)
	if err != nil {
		return err
	}
	_, err = s.Payments.InsertOrGet(ctx, Payment{
		ID:          uuid.New(),
		AccountID:   acct.ID,
		InvoiceID:   &inv.ID,
		Method:      "card",
		Source:      SourceAutopay,
		AmountCents: inv.AmountCents,
		ProviderRef: &charge.ID,
		Status:      chargeStatus(charge.Status),
	})
	return err
}

func (s *service) collectACH(ctx context.Context, acct billing.Account, inv billing.Invoice, attempt int) error {
	debit, err := s.Gateway.CreateACHDebit(ctx, paylane.ACHDebitRequest{
		CustomerID:  acct.PaymentCustomerID,
		BankAccount: acct.PaymentMethodRef,
		AmountCents: inv.AmountCents,
		Descriptor:  "HOA DUES " + inv.Period,
	})
	s.recordAttempt(ctx, inv.ID, attempt, "ach", debit.ID, err)
	if err != nil {
		return err
	}
	_, err = s.Payments.InsertOrGet(ctx, Payment{
		ID:          uuid.New(),
		AccountID:   acct.ID,
		InvoiceID:   &inv.ID,
		Method:      "ach",
		Source:      SourceAutopay,
		AmountCents: inv.AmountCents,
		ProviderRef: &debit.ID,
		Status:      StatusPending,
	})
	return err
}

// recordAttempt writes the per-attempt audit row. Failures are logged, not
// returned: the audit trail must not decide whether collection is retried.
func (s *service) recordAttempt(ctx context.Context, invoiceID uuid.UUID, attempt int, method, ref string, callErr error) {
	a := Attempt{
		ID:        uuid.New(),
		InvoiceID: invoiceID,
		Attempt:   attempt,
		Method:    method,
		Outcome:   "submitted",
	}
	if ref != "" {
		a.ProviderRef = &ref
	}
	if callErr != nil {
		msg := callErr.Error()
		a.Outcome, a.Error = "error", &msg
	}
	if err := s.Payments.InsertAttempt(ctx, a); err != nil {
		s.log.WarnContext(ctx, "record payment attempt", "invoice_id", invoiceID, "err", err)
	}
}

// CollectFine charges an assessed violation fine to the owner's card on
// file, for owners enrolled in card autopay. ACH owners see the fine on
// their next statement.
func (s *service) CollectFine(ctx context.Context, violationID uuid.UUID) error {
	fine, err := s.Fines.FineDue(ctx, violationID)
	if err != nil {
		return err
	}
	if fine.Status != "fined" || fine.FineCents == 0 {
		return nil
	}
	acct, err := s.Accounts.Get(ctx, fine.AccountID)
	if err != nil {
		return err
	}
	if acct.AutopayMethod != billing.AutopayCard {
		return nil
	}

	charge, err := s.Gateway.CreateCharge(ctx, paylane.ChargeRequest{
		CustomerID:    acct.PaymentCustomerID,
		PaymentMethod: acct.PaymentMethodRef,
		AmountCents:   fine.FineCents,
		Currency:      "usd",
		Description:   "Violation fine: " + fine.Category,
		Metadata:      map[string]string{"violation_id": violationID.String()},
	})
	if err != nil {
		var apiErr *paylane.APIError
		if errors.As(err, &apiErr) {
			s.log.WarnContext(ctx, "fine charge declined", "violation_id", violationID, "code", apiErr.Code)
			return nil
		}
		return err
	}
	_, err = s.Payments.InsertOrGet(ctx, Payment{
		ID:          uuid.New(),
		AccountID:   acct.ID,
		Method:      "card",
		Source:      SourceFineAutopay,
		AmountCents: fine.FineCents,
		ProviderRef: &charge.ID,
		Status:      chargeStatus(charge.Status),
	})
	return err
}

func chargeStatus(providerStatus string) string {
	switch providerStatus {
	case "succeeded", "failed":
		return providerStatus
	default:
		return StatusPending
	}
}
