package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/events"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/provider/cardproc"
	"github.com/kerfhall/makerspace/internal/repository"
)

// DuesService bills monthly dues and reacts to the processor's outcomes.
type DuesService struct {
	tx       dbx.TxManager
	members  repository.MemberRepository
	accounts repository.AccountRepository
	dues     repository.DuesRepository
	events   repository.EventRepository
	access   repository.AccessRepository
	starter  AccessSyncStarter
	payments PaymentGateway
	pub      EventPublisher
	newID    IDFunc
	newKey   IDFunc
	now      Clock

	// suspendAfter is the number of failed collections before door access is suspended.
	suspendAfter int
}

// NewDuesService wires a DuesService.
func NewDuesService(
	tx dbx.TxManager,
	members repository.MemberRepository,
	accounts repository.AccountRepository,
	dues repository.DuesRepository,
	events repository.EventRepository,
	access repository.AccessRepository,
	starter AccessSyncStarter,
	payments PaymentGateway,
	pub EventPublisher,
	newID IDFunc,
	newKey IDFunc,
	now Clock,
) *DuesService {
	return &DuesService{tx: tx, members: members, accounts: accounts, dues: dues, events: events,
		access: access, starter: starter, payments: payments, pub: pub,
		newID: newID, newKey: newKey, now: now, suspendAfter: 3}
}

// StartCycleRequest opens the invoices for a billing period.
type StartCycleRequest struct {
	Period string `json:"period"` // YYYY-MM
}

func (r *StartCycleRequest) Validate() error {
	if _, err := time.Parse("2006-01", r.Period); err != nil {
		return domain.Invalid("period", "expected YYYY-MM")
	}
	return nil
}

// StartCycleResponse summarises a dues run.
type StartCycleResponse struct {
	Period   string `json:"period"`
	Created  int64  `json:"created"`
	Enqueued int    `json:"enqueued"`
}

// StartCycle opens one invoice per billable member and enqueues a collection
// message for each collectable invoice. Invoices are unique per member and
// period, and each message id is derived from the invoice and its failure
// count, so re-running the cycle enqueues nothing new for the same state.
func (s *DuesService) StartCycle(ctx context.Context, req StartCycleRequest) (*StartCycleResponse, error) {
	var created int64
	if err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		created, err = s.dues.CreateCycleInvoices(ctx, req.Period, s.newID)
		return err
	}); err != nil {
		return nil, err
	}
	invoices, err := s.dues.ListCollectable(ctx, req.Period)
	if err != nil {
		return nil, err
	}
	for _, inv := range invoices {
		msgID := "dues-charge-" + inv.ID + "-" + strconv.Itoa(inv.FailureCount)
		if err := s.pub.PublishWithID(ctx, events.SubjectDuesCharge, msgID, events.DuesCharge{
			InvoiceID: inv.ID,
			MemberID:  inv.MemberID,
			Period:    inv.Period,
		}); err != nil {
			return nil, err
		}
	}
	return &StartCycleResponse{Period: req.Period, Created: created, Enqueued: len(invoices)}, nil
}

// ChargeInvoice collects one invoice from the member's card on file.
func (s *DuesService) ChargeInvoice(ctx context.Context, msg events.DuesCharge) error {
	inv, err := s.dues.Get(ctx, msg.InvoiceID)
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoicePaid || inv.Status == domain.InvoiceVoid {
		return nil
	}
	m, err := s.members.Get(ctx, inv.MemberID)
	if err != nil {
		return err
	}
	if m.ProcessorCustomerID == nil || m.DefaultPaymentMethod == nil {
		_, err := s.dues.RecordFailure(ctx, inv.ID, "no_payment_method", s.now())
		return err
	}
	if err := s.dues.MarkProcessing(ctx, inv.ID, s.now()); err != nil {
		return err
	}

	charge, err := s.payments.CreateCharge(ctx, cardproc.ChargeRequest{
		CustomerID:      *m.ProcessorCustomerID,
		PaymentMethodID: *m.DefaultPaymentMethod,
		AmountCents:     inv.AmountCents,
		Description:     "Kerfhall dues " + inv.Period,
		Metadata:        map[string]string{"invoice_id": inv.ID, "member_id": m.ID},
		IdempotencyKey:  s.newKey(),
	})
	if err != nil {
		if cardproc.IsDecline(err) {
			// The processor also sends charge.failed; the webhook does the bookkeeping.
			slog.InfoContext(ctx, "dues declined", "invoice", inv.ID, "err", err)
			return nil
		}
		return err
	}
	return s.settle(ctx, inv, charge)
}

func (s *DuesService) settle(ctx context.Context, inv *domain.Invoice, charge *cardproc.Charge) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.dues.AttachCharge(ctx, inv.ID, charge.ID, s.now()); err != nil {
			return err
		}
		if charge.Status != "succeeded" {
			return nil
		}
		paid, err := s.dues.MarkPaid(ctx, inv.ID, charge.ID, s.now())
		if err != nil || !paid {
			return err
		}
		_, err = s.accounts.AppendLedgerOnce(ctx, &domain.LedgerEntry{
			ID:          s.newID(),
			MemberID:    inv.MemberID,
			EntryKey:    domain.Key("dues:" + inv.ID),
			Kind:        domain.LedgerDuesPayment,
			AmountCents: -inv.AmountCents,
			Memo:        "dues " + inv.Period,
			CreatedAt:   s.now(),
		})
		return err
	})
}

// PayInvoiceRequest is a member paying an open or failed invoice from the app.
type PayInvoiceRequest struct {
	InvoiceID       string `uri:"id" json:"-"`
	MemberID        string `header:"X-Member-Id" json:"-"`
	PaymentMethodID string `json:"payment_method_id"`
}

// PayInvoice charges the invoice now. The processor key is derived from the
// invoice and the payment method, so a retried tap reuses the first charge.
func (s *DuesService) PayInvoice(ctx context.Context, req PayInvoiceRequest) (*domain.Invoice, error) {
	inv, err := s.dues.Get(ctx, req.InvoiceID)
	if err != nil {
		return nil, err
	}
	if inv.MemberID != req.MemberID {
		return nil, fmt.Errorf("invoice %s: %w", req.InvoiceID, domain.ErrNotFound)
	}
	if inv.Status == domain.InvoicePaid || inv.Status == domain.InvoiceVoid {
		return inv, nil
	}
	m, err := s.members.Get(ctx, inv.MemberID)
	if err != nil {
		return nil, err
	}
	pm := req.PaymentMethodID
	if pm == "" && m.DefaultPaymentMethod != nil {
		pm = *m.DefaultPaymentMethod
	}
	if pm == "" || m.ProcessorCustomerID == nil {
		return nil, domain.Invalid("payment_method_id", "no card on file")
	}

	key := "dues:" + inv.ID + ":pm:" + pm
	attempt := &domain.PaymentAttempt{
		ID:             s.newID(),
		InvoiceID:      inv.ID,
		IdempotencyKey: key,
		Channel:        "member_app",
		Outcome:        "started",
		CreatedAt:      s.now(),
	}
	if err := s.dues.AppendAttempt(ctx, attempt); err != nil {
		return nil, err
	}

	charge, err := s.payments.CreateCharge(ctx, cardproc.ChargeRequest{
		CustomerID:      *m.ProcessorCustomerID,
		PaymentMethodID: pm,
		AmountCents:     inv.AmountCents,
		Description:     "Kerfhall dues " + inv.Period,
		Metadata:        map[string]string{"invoice_id": inv.ID, "member_id": m.ID},
		IdempotencyKey:  key,
	})
	if err != nil {
		if cardproc.IsDecline(err) {
			return nil, fmt.Errorf("%w: %v", domain.ErrPaymentDeclined, err)
		}
		return nil, err
	}
	if err := s.settle(ctx, inv, charge); err != nil {
		return nil, err
	}
	return s.dues.Get(ctx, inv.ID)
}

const sourceCardproc = "cardproc"

// HandleProcessorEvent applies a card processor webhook to dues invoices.
func (s *DuesService) HandleProcessorEvent(ctx context.Context, evt *cardproc.Event) error {
	invoiceID := evt.Data.Metadata["invoice_id"]
	if invoiceID == "" || evt.Data.Charge == nil {
		return nil // kiosk charges are settled synchronously
	}
	seen, err := s.events.Seen(ctx, sourceCardproc, evt.ID)
	if err != nil || seen {
		return err
	}

	var change *domain.AccessChange
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		inv, err := s.dues.GetForUpdate(ctx, invoiceID)
		if err != nil {
			return err
		}
		now := s.now()
		switch evt.Type {
		case "charge.succeeded":
			paid, err := s.dues.MarkPaid(ctx, inv.ID, evt.Data.Charge.ID, now)
			if err != nil {
				return err
			}
			if paid {
				if _, err := s.accounts.AppendLedgerOnce(ctx, &domain.LedgerEntry{
					ID:          s.newID(),
					MemberID:    inv.MemberID,
					EntryKey:    domain.Key("dues:" + inv.ID),
					Kind:        domain.LedgerDuesPayment,
					AmountCents: -inv.AmountCents,
					Memo:        "dues " + inv.Period,
					CreatedAt:   now,
				}); err != nil {
					return err
				}
			}
			m, err := s.members.Get(ctx, inv.MemberID)
			if err != nil {
				return err
			}
			if m.Status == domain.MemberSuspended || m.Status == domain.MemberPastDue {
				if err := s.members.SetStatus(ctx, m.ID, domain.MemberActive, now); err != nil {
					return err
				}
				if m.Status == domain.MemberSuspended {
					change, err = s.access.EnsureChange(ctx, &domain.AccessChange{
						ID: s.newID(), MemberID: m.ID, Action: domain.AccessReinstate,
						SourceRef: "invoice:" + inv.ID + ":reinstate", CreatedAt: now,
					})
					if err != nil {
						return err
					}
				}
			}
		case "charge.failed":
			failures, err := s.dues.RecordFailure(ctx, inv.ID, evt.Data.Charge.FailureCode, now)
			if err != nil {
				if errors.Is(err, domain.ErrNotFound) {
					break // paid in the meantime
				}
				return err
			}
			status := domain.MemberPastDue
			if failures >= s.suspendAfter {
				status = domain.MemberSuspended
			}
			if err := s.members.SetStatus(ctx, inv.MemberID, status, now); err != nil {
				return err
			}
			if status == domain.MemberSuspended {
				change, err = s.access.EnsureChange(ctx, &domain.AccessChange{
					ID: s.newID(), MemberID: inv.MemberID, Action: domain.AccessSuspend,
					SourceRef: "invoice:" + inv.ID + ":suspend", CreatedAt: now,
				})
				if err != nil {
					return err
				}
			}
		default:
			slog.DebugContext(ctx, "ignoring processor event", "type", evt.Type)
		}
		return s.events.Record(ctx, sourceCardproc, evt.ID)
	})
	if err != nil || change == nil || change.Status == domain.ChangeApplied {
		return err
	}
	return s.starter.StartAccessSync(ctx, "access-change-"+change.ID, change.ID)
}
