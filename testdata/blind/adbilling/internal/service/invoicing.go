package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/idempotency"
	"github.com/brightlane/adbilling/internal/ids"
	"github.com/brightlane/adbilling/internal/outbox"
	"github.com/brightlane/adbilling/internal/queue"
	"github.com/brightlane/adbilling/internal/repository"
)

type InvoiceService struct {
	tx          db.TxManager
	invoices    repository.Invoices
	creditNotes repository.CreditNotes
	advertisers repository.Advertisers
	spend       repository.Spend
	ledger      repository.Ledger
	outbox      outbox.Writer
	dispatcher  queue.Dispatcher
	log         *slog.Logger
}

func NewInvoiceService(
	tx db.TxManager,
	invoices repository.Invoices,
	creditNotes repository.CreditNotes,
	advertisers repository.Advertisers,
	spend repository.Spend,
	ledger repository.Ledger,
	ob outbox.Writer,
	dispatcher queue.Dispatcher,
	log *slog.Logger,
) *InvoiceService {
	return &InvoiceService{
		tx: tx, invoices: invoices, creditNotes: creditNotes, advertisers: advertisers,
		spend: spend, ledger: ledger, outbox: ob, dispatcher: dispatcher,
		log: log.With("service", "invoicing"),
	}
}

// PeriodBounds returns the [from, to) range of a YYYY-MM billing period.
func PeriodBounds(period string) (time.Time, time.Time, error) {
	from, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, time.Time{}, domain.Invalid("period", "must be YYYY-MM")
	}
	return from, from.AddDate(0, 1, 0), nil
}

func invoiceNumber(period, advertiserID string) string {
	return fmt.Sprintf("INV-%s-%s", strings.ReplaceAll(period, "-", ""), ids.Short(advertiserID))
}

// IssueSummary reports one monthly run.
type IssueSummary struct {
	Period  string
	Issued  int
	Skipped int
}

// IssueMonthly issues one invoice per advertiser with charged spend in the
// period. An advertiser that already has an invoice for the period is
// skipped, so the run can be repeated.
func (s *InvoiceService) IssueMonthly(ctx context.Context, period string) (IssueSummary, error) {
	from, to, err := PeriodBounds(period)
	if err != nil {
		return IssueSummary{}, err
	}
	sum := IssueSummary{Period: period}
	advs, err := s.advertisers.ListWithSpendInPeriod(ctx, from, to)
	if err != nil {
		return sum, err
	}
	for _, adv := range advs {
		var issued bool
		err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			var err error
			issued, err = s.issueFor(ctx, adv, period, from, to)
			return err
		})
		if err != nil {
			return sum, fmt.Errorf("invoice %s %s: %w", adv.ID, period, err)
		}
		if issued {
			sum.Issued++
		} else {
			sum.Skipped++
		}
	}
	return sum, nil
}

func (s *InvoiceService) issueFor(ctx context.Context, adv domain.Advertiser, period string, from, to time.Time) (bool, error) {
	totals, err := s.spend.CampaignTotals(ctx, adv.ID, from, to)
	if err != nil {
		return false, err
	}
	ivt, err := s.spend.SumIVT(ctx, adv.ID, from, to)
	if err != nil {
		return false, err
	}
	inv := domain.Invoice{
		ID:           ids.Derive("inv", adv.ID, period),
		Number:       invoiceNumber(period, adv.ID),
		AdvertiserID: adv.ID,
		Period:       period,
		Currency:     adv.Currency,
	}
	for i, t := range totals {
		inv.Lines = append(inv.Lines, domain.InvoiceLine{
			LineNo:      i + 1,
			CampaignID:  t.CampaignID,
			Description: fmt.Sprintf("%s — %d impressions, %d clicks", t.Name, t.Impressions, t.Clicks),
			Quantity:    t.Impressions + t.Clicks,
			Amount:      t.Spend,
		})
		inv.Subtotal += t.Spend
	}
	inv.Credits = min(ivt, inv.Subtotal)
	inv.Total = inv.Subtotal - inv.Credits

	inserted, err := s.invoices.InsertIfAbsent(ctx, inv)
	if err != nil || !inserted {
		return false, err
	}
	if inv.Credits > 0 {
		if err := s.issueCreditNote(ctx, domain.CreditNote{
			ID:               ids.Derive("cn", inv.ID, "ivt"),
			InvoiceID:        inv.ID,
			AdvertiserID:     adv.ID,
			Amount:           inv.Credits,
			Currency:         inv.Currency,
			Reason:           "Invalid traffic detected during " + period,
			AppliesToBalance: false, // already credited when each verdict arrived
			IssuedBy:         "system:ivt",
		}); err != nil {
			return false, err
		}
	}
	return true, s.outbox.Add(ctx, ids.Derive("evt", inv.ID, "issued"), events.TopicInvoiceIssued, events.InvoiceIssued{
		InvoiceID: inv.ID, Number: inv.Number, AdvertiserID: adv.ID, Period: period,
		TotalMicros: int64(inv.Total), Currency: inv.Currency,
	})
}

// issueCreditNote stores a credit note and, when it applies to the balance,
// credits the advertiser. Must run in a transaction.
func (s *InvoiceService) issueCreditNote(ctx context.Context, cn domain.CreditNote) error {
	inserted, err := s.creditNotes.InsertIfAbsent(ctx, cn)
	if err != nil || !inserted {
		return err
	}
	if cn.AppliesToBalance {
		if _, err := s.advertisers.AdjustBalance(ctx, cn.AdvertiserID, cn.Amount); err != nil {
			return err
		}
		if err := s.ledger.Append(ctx, domain.LedgerEntry{
			ID: ids.New("led"), AdvertiserID: cn.AdvertiserID, Type: "credit_note",
			Amount: cn.Amount, Reference: cn.ID,
		}); err != nil {
			return err
		}
	}
	return s.outbox.Add(ctx, ids.Derive("evt", cn.ID, "issued"), events.TopicCreditNoteIssued, events.CreditNoteIssued{
		CreditNoteID: cn.ID, InvoiceID: cn.InvoiceID, AdvertiserID: cn.AdvertiserID,
		AmountMicros: int64(cn.Amount), Currency: cn.Currency, Reason: cn.Reason,
	})
}

func (s *InvoiceService) Get(ctx context.Context, id string) (domain.Invoice, error) {
	return s.invoices.Get(ctx, id)
}

type CreditNoteInput struct {
	InvoiceID      string
	Amount         domain.Micros
	Reason         string
	IssuedBy       string
	IdempotencyKey string
}

// IssueCreditNote lets finance credit an advertiser against an invoice,
// typically for invalid traffic reported after the invoice went out.
func (s *InvoiceService) IssueCreditNote(ctx context.Context, in CreditNoteInput) (domain.CreditNote, error) {
	if err := idempotency.ValidateKey(in.IdempotencyKey); err != nil {
		return domain.CreditNote{}, err
	}
	if in.Amount <= 0 {
		return domain.CreditNote{}, domain.Invalid("amount_micros", "must be positive")
	}
	if strings.TrimSpace(in.Reason) == "" {
		return domain.CreditNote{}, domain.Invalid("reason", "is required")
	}
	inv, err := s.invoices.Get(ctx, in.InvoiceID)
	if err != nil {
		return domain.CreditNote{}, err
	}
	if inv.Status == domain.InvoiceVoid {
		return domain.CreditNote{}, fmt.Errorf("invoice %s is void: %w", inv.ID, domain.ErrInvalidState)
	}
	if in.Amount > inv.Total {
		return domain.CreditNote{}, domain.Invalid("amount_micros", "exceeds invoice total")
	}
	cn := domain.CreditNote{
		ID:               ids.Derive("cn", inv.ID, "manual", in.IdempotencyKey),
		InvoiceID:        inv.ID,
		AdvertiserID:     inv.AdvertiserID,
		Amount:           in.Amount,
		Currency:         inv.Currency,
		Reason:           in.Reason,
		AppliesToBalance: true,
		IssuedBy:         in.IssuedBy,
	}
	if err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.issueCreditNote(ctx, cn)
	}); err != nil {
		return domain.CreditNote{}, err
	}
	return s.creditNotes.Get(ctx, cn.ID)
}

// Void cancels an invoice and credits its full amount back to the balance.
func (s *InvoiceService) Void(ctx context.Context, invoiceID, actor, reason string) (domain.Invoice, error) {
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return domain.Invoice{}, err
	}
	if inv.Status == domain.InvoiceVoid {
		return inv, fmt.Errorf("invoice %s is already void: %w", inv.ID, domain.ErrInvalidState)
	}
	if err := s.invoices.SetStatus(ctx, inv.ID, domain.InvoiceVoid); err != nil {
		return domain.Invoice{}, err
	}
	cn := domain.CreditNote{
		ID:               ids.Derive("cn", inv.ID, "void"),
		InvoiceID:        inv.ID,
		AdvertiserID:     inv.AdvertiserID,
		Amount:           inv.Total,
		Currency:         inv.Currency,
		Reason:           "Invoice voided: " + reason,
		AppliesToBalance: true,
		IssuedBy:         actor,
	}
	if err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.issueCreditNote(ctx, cn)
	}); err != nil {
		return domain.Invoice{}, fmt.Errorf("credit voided invoice %s: %w", inv.ID, err)
	}
	s.log.Info("invoice voided", "invoice_id", inv.ID, "actor", actor)
	return s.invoices.Get(ctx, inv.ID)
}

// Resend queues another email of an invoice. requestKey is the caller's
// Idempotency-Key; a repeat of the same request maps to the same dispatch.
func (s *InvoiceService) Resend(ctx context.Context, invoiceID, recipient, requestKey string) (queue.Dispatch, error) {
	if err := idempotency.ValidateKey(requestKey); err != nil {
		return queue.Dispatch{}, err
	}
	inv, err := s.invoices.Get(ctx, invoiceID)
	if err != nil {
		return queue.Dispatch{}, err
	}
	if inv.Status == domain.InvoiceVoid {
		return queue.Dispatch{}, fmt.Errorf("invoice %s is void: %w", inv.ID, domain.ErrInvalidState)
	}
	opts := []queue.DispatchOption{
		queue.WithReason("resend"),
		queue.WithDispatchID(ids.Derive("dsp", inv.ID, "resend", requestKey)),
	}
	if recipient != "" {
		opts = append(opts, queue.WithRecipient(recipient))
	}
	d := queue.NewDispatch(inv.ID, inv.AdvertiserID, opts...)
	if err := s.dispatcher.Enqueue(ctx, d); err != nil {
		return queue.Dispatch{}, err
	}
	return d, nil
}

// EnqueueIssued hands a freshly issued invoice to the dispatch queue.
func (s *InvoiceService) EnqueueIssued(ctx context.Context, evt events.InvoiceIssued) error {
	inv, err := s.invoices.Get(ctx, evt.InvoiceID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.Warn("issued invoice not found", "invoice_id", evt.InvoiceID)
		return nil
	}
	if err != nil {
		return err
	}
	if inv.Status == domain.InvoiceVoid || inv.EmailedAt != nil {
		return nil
	}
	d := queue.NewDispatch(inv.ID, inv.AdvertiserID)
	return s.dispatcher.Enqueue(ctx, d)
}
