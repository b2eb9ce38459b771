// Package dues collects yearly membership dues through Tillbird.
package dues

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/segmentio/ksuid"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/notify"
	"github.com/furrowline/seedbank/internal/platform/cqrs"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/platform/messaging"
	"github.com/furrowline/seedbank/internal/providers/payments"
)

type (
	Members interface {
		Get(ctx context.Context, id string) (*domain.Member, error)
		DueForRenewal(ctx context.Context, cutoff time.Time, limit int) ([]domain.Member, error)
	}
	Invoices interface {
		Get(ctx context.Context, id string) (*domain.DuesInvoice, error)
		OpenFor(ctx context.Context, memberID, period string, amount int64, currency string) (*domain.DuesInvoice, error)
		MarkPaid(ctx context.Context, invoiceID, chargeID string, at time.Time) (bool, error)
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
	}
	Ledger interface {
		RecordCharge(ctx context.Context, p *domain.Payment) error
	}
	// Gateway creates charges at the payment provider.
	Gateway interface {
		CreateCharge(ctx context.Context, p payments.ChargeParams) (*payments.Charge, error)
	}
)

// Options tunes the service.
type Options struct {
	AmountCents int64
	Currency    string
	Clock       func() time.Time
}

// Service implements dues collection.
type Service struct {
	tx        database.TxRunner
	members   Members
	invoices  Invoices
	ledger    Ledger
	gateway   Gateway
	publisher message.Publisher
	mailer    notify.Mailer
	log       *slog.Logger
	opts      Options
}

func NewService(tx database.TxRunner, members Members, invoices Invoices, ledger Ledger, gateway Gateway,
	publisher message.Publisher, mailer notify.Mailer, log *slog.Logger, opts Options) *Service {
	if opts.Clock == nil {
		opts.Clock = func() time.Time { return time.Now().UTC() }
	}
	return &Service{tx: tx, members: members, invoices: invoices, ledger: ledger, gateway: gateway,
		publisher: publisher, mailer: mailer, log: log, opts: opts}
}

// PayDues charges a member's saved card for a dues period.
type PayDues struct {
	MemberID, Period, PaymentMethod string
	Result                          *domain.DuesInvoice
}

func PayDuesHandler(s *Service) cqrs.CommandHandler[PayDues] {
	return cqrs.HandlerFunc[PayDues](s.Pay)
}

// Pay charges the member for cmd.Period.
func (s *Service) Pay(ctx context.Context, cmd PayDues) error {
	member, err := s.members.Get(ctx, cmd.MemberID)
	if err != nil {
		return err
	}
	if member.PaymentCustomer == "" {
		return fmt.Errorf("%w: no payment method on file", domain.ErrValidation)
	}
	inv, err := s.invoices.OpenFor(ctx, member.ID, cmd.Period, s.opts.AmountCents, s.opts.Currency)
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoicePaid {
		return s.result(ctx, inv.ID, cmd.Result)
	}

	charge, err := s.gateway.CreateCharge(ctx, payments.ChargeParams{
		Customer:       member.PaymentCustomer,
		AmountCents:    inv.AmountCents,
		Currency:       inv.Currency,
		PaymentMethod:  cmd.PaymentMethod,
		Description:    "Seed library membership " + inv.Period,
		Metadata:       map[string]string{"invoice_id": inv.ID, "member_id": member.ID, "period": inv.Period},
		IdempotencyKey: ksuid.New().String(),
	})
	if err != nil {
		return fmt.Errorf("charge dues: %w", err)
	}
	if err := s.applyCharge(ctx, inv, charge); err != nil {
		return err
	}
	return s.result(ctx, inv.ID, cmd.Result)
}

func (s *Service) result(ctx context.Context, invoiceID string, out *domain.DuesInvoice) error {
	if out == nil {
		return nil
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err == nil {
		*out = *inv
	}
	return err
}

// applyCharge writes the provider's answer to the ledger and invoice.
func (s *Service) applyCharge(ctx context.Context, inv *domain.DuesInvoice, charge *payments.Charge) error {
	now := s.opts.Clock()
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.ledger.RecordCharge(ctx, &domain.Payment{
			ID:          idgen.New("pay"),
			InvoiceID:   inv.ID,
			MemberID:    inv.MemberID,
			ChargeID:    charge.ID,
			AmountCents: charge.AmountCents,
			Status:      charge.Status,
		}); err != nil {
			return err
		}
		switch charge.Status {
		case "succeeded":
			_, err := s.invoices.MarkPaid(ctx, inv.ID, charge.ID, now)
			return err
		case "failed":
			_, err := s.invoices.UpdateWhere(ctx, map[string]any{"status": domain.InvoiceFailed, "updated_at": now},
				"id = ? AND status <> ?", inv.ID, domain.InvoicePaid)
			return err
		default:
			_, err := s.invoices.UpdateWhere(ctx, map[string]any{"status": domain.InvoicePending, "charge_id": charge.ID, "updated_at": now},
				"id = ? AND status = ?", inv.ID, domain.InvoiceOpen)
			return err
		}
	})
}

// HandleEvent applies a Tillbird webhook event.
func (s *Service) HandleEvent(ctx context.Context, evt *payments.Event) error {
	switch evt.Type {
	case "charge.succeeded":
		return s.chargeSucceeded(ctx, evt)
	case "charge.failed":
		return s.chargeFailed(ctx, evt)
	default:
		s.log.DebugContext(ctx, "ignoring payment event", slog.String("type", evt.Type), slog.String("id", evt.ID))
		return nil
	}
}

func (s *Service) chargeSucceeded(ctx context.Context, evt *payments.Event) error {
	var data payments.ChargeEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("%w: charge payload: %v", domain.ErrValidation, err)
	}
	invoiceID := data.Metadata["invoice_id"]
	if invoiceID == "" {
		return nil // not a dues charge
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	if err := s.applyCharge(ctx, inv, &data.Charge); err != nil {
		return err
	}
	// Announce on every delivery of the event: an earlier delivery may have
	// committed the invoice and then died before it could publish. The
	// dues.paid consumer skips messages it has already handled.
	return messaging.PublishJSON(ctx, s.publisher, messaging.TopicDuesPaid, events.DuesPaid{
		MemberID:  inv.MemberID,
		InvoiceID: inv.ID,
		Period:    inv.Period,
		ChargeID:  data.ID,
	})
}

func (s *Service) chargeFailed(ctx context.Context, evt *payments.Event) error {
	var data payments.ChargeEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("%w: charge payload: %v", domain.ErrValidation, err)
	}
	invoiceID := data.Metadata["invoice_id"]
	if invoiceID == "" {
		return nil
	}
	_, err := s.invoices.UpdateWhere(ctx,
		map[string]any{"status": domain.InvoiceFailed, "updated_at": s.opts.Clock()},
		"id = ? AND status <> ?", invoiceID, domain.InvoicePaid)
	return err
}

// RenewDue charges members whose membership lapses within window. Run by
// the daily renewals cron job.
func (s *Service) RenewDue(ctx context.Context, window time.Duration, period string) (int, error) {
	cutoff := s.opts.Clock().Add(window)
	due, err := s.members.DueForRenewal(ctx, cutoff, 200)
	if err != nil {
		return 0, err
	}
	renewed := 0
	for _, m := range due {
		inv, err := s.invoices.OpenFor(ctx, m.ID, period, s.opts.AmountCents, s.opts.Currency)
		if err != nil {
			return renewed, err
		}
		if inv.Status == domain.InvoicePaid || inv.Status == domain.InvoiceFailed {
			continue
		}
		charge, err := s.gateway.CreateCharge(ctx, payments.ChargeParams{
			Customer:       m.PaymentCustomer,
			AmountCents:    inv.AmountCents,
			Currency:       inv.Currency,
			Description:    "Seed library membership renewal " + period,
			Metadata:       map[string]string{"invoice_id": inv.ID, "member_id": m.ID, "period": period},
			IdempotencyKey: idgen.Derived("dues", inv.ID),
		})
		if err != nil {
			s.log.WarnContext(ctx, "renewal charge failed", slog.String("member", m.ID), slog.Any("err", err))
			continue
		}
		if err := s.applyCharge(ctx, inv, charge); err != nil {
			return renewed, err
		}
		if charge.Status == "failed" {
			if _, err := s.mailer.Send(ctx, m.Email, notify.TemplateRenewalFailed,
				map[string]any{"name": m.Name, "period": period},
				notify.WithDedupKey(idgen.Derived("renewal-failed", inv.ID))); err != nil {
				s.log.WarnContext(ctx, "renewal failure email", slog.String("member", m.ID), slog.Any("err", err))
			}
			continue
		}
		renewed++
	}
	return renewed, nil
}
