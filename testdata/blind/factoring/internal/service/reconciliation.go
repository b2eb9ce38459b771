package service

import (
	"context"
	"log/slog"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/provider/bankapi"
	"github.com/kestrelfin/factoring/internal/repo"
)

// Reconciliation matches incoming bank credits to invoices and applies them.
type Reconciliation interface {
	IngestStatement(ctx context.Context, wh bankapi.StatementWebhook) (int, error)
	ReconcileLine(ctx context.Context, messageID string, ev events.StatementLineReceived) error
	ApplyPayment(ctx context.Context, ev events.PaymentMatched) error
}

type ReconciliationService struct {
	store repo.Store
	clock Clock
	log   *slog.Logger
}

func NewReconciliationService(store repo.Store, clock Clock, log *slog.Logger) *ReconciliationService {
	return &ReconciliationService{store: store, clock: clock, log: log.With("svc", "reconciliation")}
}

// IngestStatement stores the credit lines of a statement webhook. Lines the
// platform has already seen are skipped; it returns the number of new lines.
func (s *ReconciliationService) IngestStatement(ctx context.Context, wh bankapi.StatementWebhook) (int, error) {
	inserted := 0
	for _, t := range wh.Transactions {
		if t.Direction != "credit" || t.Amount <= 0 {
			continue
		}
		line := &domain.StatementLine{
			ID:               uuid.New(),
			BankTxnID:        t.ID,
			AccountID:        wh.AccountID,
			AmountMinor:      t.Amount,
			Currency:         t.Currency,
			BookedAt:         t.BookedAt,
			CounterpartyName: t.CounterpartyName,
			RemittanceInfo:   t.RemittanceInfo,
			Status:           domain.LineUnmatched,
			CreatedAt:        s.clock.Now(),
		}
		err := s.store.InTx(ctx, func(tx repo.Store) error {
			fresh, err := tx.Statements().InsertIfAbsent(ctx, line)
			if err != nil || !fresh {
				return err
			}
			inserted++
			return events.Emit(ctx, tx.Outbox(), events.StatementLineReceived{LineID: line.ID})
		})
		if err != nil {
			return inserted, err
		}
	}
	return inserted, nil
}

var invoiceRefPattern = regexp.MustCompile(`(?i)\bINV[\s\-:#]*([A-Z0-9][A-Z0-9\-/]{2,30})`)

func extractInvoiceNumber(remittance string) string {
	m := invoiceRefPattern.FindStringSubmatch(remittance)
	if len(m) < 2 {
		return ""
	}
	return strings.ToUpper(m[1])
}

const reconcileConsumer = "reconciliation.match_line"

// ReconcileLine matches a statement line to an open invoice by the invoice
// number in its remittance information.
func (s *ReconciliationService) ReconcileLine(ctx context.Context, messageID string, ev events.StatementLineReceived) error {
	seen, err := s.store.Processed().Seen(ctx, reconcileConsumer, messageID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	line, err := s.store.Statements().Get(ctx, ev.LineID)
	if err != nil {
		return err
	}
	number := extractInvoiceNumber(line.RemittanceInfo)
	candidates, err := s.store.Invoices().FindOpenByNumber(ctx, number, line.Currency)
	if err != nil {
		return err
	}
	if number == "" || len(candidates) != 1 {
		s.log.InfoContext(ctx, "statement line left for manual matching",
			"line", line.ID, "reference", number, "candidates", len(candidates))
		return s.store.Processed().Mark(ctx, reconcileConsumer, messageID)
	}
	inv := candidates[0]
	err = s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.Statements().MarkMatched(ctx, line.ID, inv.ID); err != nil {
			return err
		}
		return events.Emit(ctx, tx.Outbox(), events.PaymentMatched{
			LineID: line.ID, InvoiceID: inv.ID, AmountMinor: line.AmountMinor, Currency: line.Currency,
		})
	})
	if err != nil {
		return err
	}
	return s.store.Processed().Mark(ctx, reconcileConsumer, messageID)
}

// ApplyPayment credits a matched payment to its invoice and advance and
// settles the invoice when it is paid in full.
func (s *ReconciliationService) ApplyPayment(ctx context.Context, ev events.PaymentMatched) error {
	now := s.clock.Now()
	var inv *domain.Invoice
	err := s.store.InTx(ctx, func(tx repo.Store) error {
		var err error
		inv, err = tx.Invoices().AddPayment(ctx, ev.InvoiceID, ev.AmountMinor)
		if err != nil {
			return err
		}
		invID := inv.ID
		return tx.Ledger().Post(ctx, &domain.LedgerEntry{
			InvoiceID: &invID, EntryType: domain.EntryCollection, AmountMinor: ev.AmountMinor,
			Currency: ev.Currency, SourceRef: ev.LineID.String(), CreatedAt: now,
		})
	})
	if err != nil {
		return err
	}

	return s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.Statements().MarkApplied(ctx, ev.LineID); err != nil {
			return err
		}
		adv, err := tx.Advances().GetByInvoice(ctx, inv.ID)
		if err != nil {
			return err
		}
		if _, err := tx.Advances().ApplyRepayment(ctx, adv.ID, ev.AmountMinor); err != nil {
			return err
		}
		if inv.Outstanding() > 0 {
			return nil
		}
		settled, err := tx.Invoices().MarkSettled(ctx, inv.ID, now)
		if err != nil || !settled {
			return err
		}
		return events.Emit(ctx, tx.Outbox(), events.InvoiceSettled{
			InvoiceID: inv.ID, AdvanceID: adv.ID, PaidMinor: inv.PaidMinor, SettledAt: now,
		})
	})
}
