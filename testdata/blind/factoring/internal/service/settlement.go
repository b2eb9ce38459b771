package service

import (
	"context"
	"log/slog"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/notify"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/tasks"
)

// Settlement closes out advances once their invoices are paid.
type Settlement interface {
	IssueRebate(ctx context.Context, ev events.InvoiceSettled) error
	NotifyPaidOut(ctx context.Context, ev events.AdvancePaidOut) error
	CloseAdvance(ctx context.Context, advanceID uuid.UUID) error
}

type SettlementService struct {
	store    repo.Store
	notifier notify.Notifier
	clock    Clock
	log      *slog.Logger
}

func NewSettlementService(store repo.Store, notifier notify.Notifier, clock Clock, log *slog.Logger) *SettlementService {
	return &SettlementService{store: store, notifier: notifier, clock: clock, log: log.With("svc", "settlement")}
}

// newRebateID returns a time-ordered identifier for a rebate.
func newRebateID() uuid.UUID {
	return uuid.UUID(ulid.Make())
}

// IssueRebate pays the supplier what was collected beyond the advance and
// its fees, then queues the advance for closing.
func (s *SettlementService) IssueRebate(ctx context.Context, ev events.InvoiceSettled) error {
	adv, err := s.store.Advances().Get(ctx, ev.AdvanceID)
	if err != nil {
		return err
	}
	sup, err := s.store.Suppliers().Get(ctx, adv.SupplierID)
	if err != nil {
		return err
	}
	owed := adv.PrincipalMinor + adv.DiscountFeeMinor + adv.FeesAccruedMinor
	amount := ev.PaidMinor - owed
	now := s.clock.Now()

	return s.store.InTx(ctx, func(tx repo.Store) error {
		if amount > 0 {
			rebate := &domain.Rebate{
				ID:          newRebateID(),
				AdvanceID:   adv.ID,
				InvoiceID:   adv.InvoiceID,
				AmountMinor: amount,
				Status:      "pending",
				CreatedAt:   now,
			}
			if err := tx.Rebates().Create(ctx, rebate); err != nil {
				return err
			}
			payout, err := tx.Payouts().CreateIfAbsent(ctx, &domain.Payout{
				ID:              uuid.New(),
				AdvanceID:       adv.ID,
				Kind:            domain.PayoutKindRebate,
				RequestKey:      rebate.ID.String(),
				AmountMinor:     amount,
				Currency:        adv.Currency,
				BeneficiaryIBAN: sup.PayoutIBAN,
				BeneficiaryName: sup.PayoutAccountName,
				Reference:       "REBATE " + adv.InvoiceID.String()[:8],
				Status:          domain.PayoutPending,
				CreatedAt:       now,
				UpdatedAt:       now,
			})
			if err != nil {
				return err
			}
			advID := adv.ID
			if err := tx.Ledger().Post(ctx, &domain.LedgerEntry{
				AdvanceID: &advID, EntryType: domain.EntryRebateIssued, AmountMinor: amount,
				Currency: adv.Currency, SourceRef: rebate.ID.String(), CreatedAt: now,
			}); err != nil {
				return err
			}
			if _, err := tasks.Enqueue(ctx, tx.Tasks(), tasks.PayoutInitiate{PayoutID: payout.ID}); err != nil {
				return err
			}
		}
		_, err := tasks.Enqueue(ctx, tx.Tasks(), tasks.AdvanceClose{AdvanceID: adv.ID})
		return err
	})
}

// NotifyPaidOut tells the supplier that the advance has left our account.
func (s *SettlementService) NotifyPaidOut(ctx context.Context, ev events.AdvancePaidOut) error {
	sup, err := s.store.Suppliers().Get(ctx, ev.SupplierID)
	if err != nil {
		return err
	}
	ref, err := s.notifier.Send(ctx, notify.Email{
		To:       sup.ContactEmail,
		Template: "advance_paid_out",
		Vars: map[string]string{
			"supplier_name": sup.LegalName,
			"amount":        formatMinor(ev.AmountMinor, ev.Currency),
			"advance_id":    ev.AdvanceID.String(),
		},
		Tags: []string{"payout"},
	})
	if err != nil {
		return err
	}
	return s.store.Notifications().Record(ctx, &domain.Notification{
		ID:          uuid.New(),
		DedupKey:    "paid_out:" + ev.PayoutID.String(),
		Channel:     domain.ChannelEmail,
		Recipient:   sup.ContactEmail,
		Template:    "advance_paid_out",
		ProviderRef: ref,
		CreatedAt:   s.clock.Now(),
	})
}

// CloseAdvance recognises the advance's fee income, releases the supplier's
// reserved credit and closes it.
func (s *SettlementService) CloseAdvance(ctx context.Context, advanceID uuid.UUID) error {
	adv, err := s.store.Advances().Get(ctx, advanceID)
	if err != nil {
		return err
	}
	if adv.Status == domain.AdvanceClosed {
		return nil
	}
	now := s.clock.Now()
	income := adv.DiscountFeeMinor + adv.FeesAccruedMinor
	advID, invID := adv.ID, adv.InvoiceID

	if err := s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.Ledger().Post(ctx, &domain.LedgerEntry{
			AdvanceID: &advID, InvoiceID: &invID, EntryType: domain.EntryFeeIncome,
			AmountMinor: income, Currency: adv.Currency, SourceRef: "close", CreatedAt: now,
		}); err != nil {
			return err
		}
		return tx.Suppliers().Release(ctx, adv.SupplierID, adv.PrincipalMinor)
	}); err != nil {
		return err
	}

	return s.store.InTx(ctx, func(tx repo.Store) error {
		closed, err := tx.Advances().MarkClosed(ctx, adv.ID, now)
		if err != nil || !closed {
			return err
		}
		rebates, err := tx.Rebates().ListForAdvance(ctx, adv.ID)
		if err != nil {
			return err
		}
		s.log.InfoContext(ctx, "advance closed", "advance", adv.ID, "fee_income", income, "rebates", len(rebates))
		return nil
	})
}
