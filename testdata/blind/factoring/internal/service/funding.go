package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/tasks"
)

// Funding turns accepted offers into advances.
type Funding interface {
	AcceptOffer(ctx context.Context, offerID, supplierID uuid.UUID) (*domain.Offer, error)
	CreateAdvance(ctx context.Context, messageID string, ev events.OfferAccepted) error
	CreateRepaymentPlan(ctx context.Context, cmd RepaymentPlanCmd) (*domain.RepaymentPlan, error)
}

type RepaymentPlanCmd struct {
	AdvanceID    uuid.UUID
	Installments int
	FirstDueDate time.Time
}

type FundingService struct {
	store repo.Store
	clock Clock
	log   *slog.Logger
}

func NewFundingService(store repo.Store, clock Clock, log *slog.Logger) *FundingService {
	return &FundingService{store: store, clock: clock, log: log.With("svc", "funding")}
}

// AcceptOffer accepts an open offer on behalf of its supplier. Accepting an
// offer that is already accepted returns it unchanged.
func (s *FundingService) AcceptOffer(ctx context.Context, offerID, supplierID uuid.UUID) (*domain.Offer, error) {
	var out *domain.Offer
	err := s.store.InTx(ctx, func(tx repo.Store) error {
		offer, err := tx.Funding().GetOffer(ctx, offerID)
		if err != nil {
			return err
		}
		inv, err := tx.Invoices().Get(ctx, offer.InvoiceID)
		if err != nil {
			return err
		}
		if inv.SupplierID != supplierID {
			return repo.ErrNotFound
		}
		now := s.clock.Now()
		ok, err := tx.Funding().AcceptOffer(ctx, offerID, now)
		if err != nil {
			return err
		}
		if !ok {
			if offer.Status == "accepted" {
				out = offer
				return nil
			}
			return fmt.Errorf("%w: offer is %s", ErrInvalidState, offer.Status)
		}
		offer.Status, offer.AcceptedAt = "accepted", &now
		out = offer
		return events.Emit(ctx, tx.Outbox(), events.OfferAccepted{
			OfferID: offer.ID, InvoiceID: offer.InvoiceID, AcceptedAt: now,
		})
	})
	return out, err
}

const advanceConsumer = "funding.create_advance"

// CreateAdvance books the advance for an accepted offer and queues its
// payout.
func (s *FundingService) CreateAdvance(ctx context.Context, messageID string, ev events.OfferAccepted) error {
	return s.store.InTx(ctx, func(tx repo.Store) error {
		fresh, err := tx.Processed().Claim(ctx, advanceConsumer, messageID)
		if err != nil || !fresh {
			return err
		}
		offer, err := tx.Funding().GetOffer(ctx, ev.OfferID)
		if err != nil {
			return err
		}
		inv, err := tx.Invoices().GetForUpdate(ctx, offer.InvoiceID)
		if err != nil {
			return err
		}
		sup, err := tx.Suppliers().Get(ctx, inv.SupplierID)
		if err != nil {
			return err
		}
		now := s.clock.Now()
		fee := DiscountFee(offer)
		adv, created, err := tx.Advances().CreateIfAbsent(ctx, &domain.Advance{
			ID:               uuid.New(),
			OfferID:          offer.ID,
			InvoiceID:        inv.ID,
			SupplierID:       sup.ID,
			Currency:         inv.Currency,
			PrincipalMinor:   offer.AdvanceMinor,
			ReserveMinor:     offer.ReserveMinor,
			DiscountFeeMinor: fee,
			DailyFeeBps:      offer.DailyFeeBps,
			OutstandingMinor: offer.AdvanceMinor,
			Status:           domain.AdvancePendingPayout,
			CreatedAt:        now,
			UpdatedAt:        now,
		})
		if err != nil {
			return err
		}
		if !created {
			s.log.InfoContext(ctx, "advance already booked", "offer", offer.ID, "advance", adv.ID)
			return nil
		}
		payout, err := tx.Payouts().CreateIfAbsent(ctx, &domain.Payout{
			ID:              uuid.New(),
			AdvanceID:       adv.ID,
			Kind:            domain.PayoutKindInitial,
			RequestKey:      domain.PayoutKindInitial,
			AmountMinor:     adv.PrincipalMinor - fee,
			Currency:        adv.Currency,
			BeneficiaryIBAN: sup.PayoutIBAN,
			BeneficiaryName: sup.PayoutAccountName,
			Reference:       "ADV " + inv.InvoiceNumber,
			Status:          domain.PayoutPending,
			CreatedAt:       now,
			UpdatedAt:       now,
		})
		if err != nil {
			return err
		}
		if err := tx.Invoices().SetStatus(ctx, inv.ID, domain.InvoiceFunded); err != nil {
			return err
		}
		advID, invID := adv.ID, inv.ID
		if err := tx.Ledger().Post(ctx,
			&domain.LedgerEntry{AdvanceID: &advID, InvoiceID: &invID, EntryType: domain.EntryReserveHeld,
				AmountMinor: adv.ReserveMinor, Currency: adv.Currency, SourceRef: offer.ID.String(), CreatedAt: now},
		); err != nil {
			return err
		}
		_, err = tasks.Enqueue(ctx, tx.Tasks(), tasks.PayoutInitiate{PayoutID: payout.ID})
		return err
	})
}

// CreateRepaymentPlan sets up a recourse repayment schedule for an advance
// whose debtor defaulted.
func (s *FundingService) CreateRepaymentPlan(ctx context.Context, cmd RepaymentPlanCmd) (*domain.RepaymentPlan, error) {
	if cmd.Installments < 1 || cmd.Installments > 24 {
		return nil, fmt.Errorf("%w: installments must be 1..24", ErrValidation)
	}
	adv, err := s.store.Advances().Get(ctx, cmd.AdvanceID)
	if err != nil {
		return nil, err
	}
	if adv.Status != domain.AdvanceActive {
		return nil, fmt.Errorf("%w: advance is %s", ErrInvalidState, adv.Status)
	}
	total := adv.OutstandingMinor + adv.FeesAccruedMinor
	plan := &domain.RepaymentPlan{
		ID:           uuid.New(),
		AdvanceID:    adv.ID,
		Installments: cmd.Installments,
		TotalMinor:   total,
		FirstDueDate: truncateDay(cmd.FirstDueDate),
		Status:       "active",
		CreatedAt:    s.clock.Now(),
	}
	each := total / int64(cmd.Installments)
	installments := make([]domain.RepaymentInstallment, cmd.Installments)
	for i := range installments {
		amount := each
		if i == cmd.Installments-1 {
			amount = total - each*int64(cmd.Installments-1)
		}
		installments[i] = domain.RepaymentInstallment{
			ID:          uuid.New(),
			Seq:         i + 1,
			DueDate:     plan.FirstDueDate.AddDate(0, i, 0),
			AmountMinor: amount,
			Status:      "scheduled",
		}
	}
	if err := s.store.Plans().Create(ctx, plan, installments); err != nil {
		return nil, err
	}
	return plan, nil
}
