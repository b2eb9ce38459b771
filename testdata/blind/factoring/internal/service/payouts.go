package service

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/events"
	"github.com/kestrelfin/factoring/internal/provider/bankapi"
	"github.com/kestrelfin/factoring/internal/repo"
)

// Payouts sends and tracks supplier payouts.
type Payouts interface {
	Execute(ctx context.Context, payoutID uuid.UUID) error
	ManualPayout(ctx context.Context, cmd ManualPayoutCmd) (*domain.Payout, error)
	ApplyBankStatus(ctx context.Context, providerRef, status, reason string) error
}

type ManualPayoutCmd struct {
	AdvanceID   uuid.UUID
	RequestKey  string
	AmountMinor int64
	Reason      string
	Operator    string
}

type PayoutService struct {
	store repo.Store
	bank  PayoutGateway
	clock Clock
	log   *slog.Logger
}

func NewPayoutService(store repo.Store, bank PayoutGateway, clock Clock, log *slog.Logger) *PayoutService {
	return &PayoutService{store: store, bank: bank, clock: clock, log: log.With("svc", "payouts")}
}

func payoutRequest(p *domain.Payout) bankapi.PayoutRequest {
	return bankapi.PayoutRequest{
		Amount:          p.AmountMinor,
		Currency:        p.Currency,
		BeneficiaryIBAN: p.BeneficiaryIBAN,
		BeneficiaryName: p.BeneficiaryName,
		Reference:       p.Reference,
		EndToEndID:      p.ID.String(),
	}
}

// Execute submits a pending payout to the bank.
func (s *PayoutService) Execute(ctx context.Context, payoutID uuid.UUID) error {
	p, err := s.store.Payouts().Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != domain.PayoutPending {
		return nil
	}
	res, err := s.bank.CreatePayout(ctx, payoutRequest(p), bankapi.IdempotencyKey(p.ID.String()))
	if err != nil {
		return err
	}
	return s.store.Payouts().MarkSubmitted(ctx, p.ID, res.ID, s.clock.Now())
}

// ManualPayout lets an operator send an extra transfer on an advance, for
// example a top-up after a partial bank rejection.
func (s *PayoutService) ManualPayout(ctx context.Context, cmd ManualPayoutCmd) (*domain.Payout, error) {
	if cmd.RequestKey == "" || cmd.AmountMinor <= 0 {
		return nil, fmt.Errorf("%w: request key and positive amount required", ErrValidation)
	}
	adv, err := s.store.Advances().Get(ctx, cmd.AdvanceID)
	if err != nil {
		return nil, err
	}
	sup, err := s.store.Suppliers().Get(ctx, adv.SupplierID)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	p, err := s.store.Payouts().CreateIfAbsent(ctx, &domain.Payout{
		ID:              uuid.New(),
		AdvanceID:       adv.ID,
		Kind:            domain.PayoutKindManual,
		RequestKey:      cmd.RequestKey,
		AmountMinor:     cmd.AmountMinor,
		Currency:        adv.Currency,
		BeneficiaryIBAN: sup.PayoutIBAN,
		BeneficiaryName: sup.PayoutAccountName,
		Reference:       "MAN " + cmd.Reason,
		Status:          domain.PayoutPending,
		CreatedAt:       now,
		UpdatedAt:       now,
	})
	if err != nil {
		return nil, err
	}
	if p.Status != domain.PayoutPending {
		return p, nil
	}
	res, err := s.bank.CreatePayout(ctx, payoutRequest(p), bankapi.IdempotencyKey(operationKey("manual", cmd.Operator)))
	if err != nil {
		return nil, err
	}
	if err := s.store.Payouts().MarkSubmitted(ctx, p.ID, res.ID, now); err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "manual payout submitted", "payout", p.ID, "operator", cmd.Operator, "amount", p.AmountMinor)
	p.Status = domain.PayoutSubmitted
	return p, nil
}

// operationKey builds a key for an operator-initiated bank operation.
func operationKey(kind, operator string) string {
	return kind + "-" + operator + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
}

var bankStatusMap = map[string]string{
	"completed": domain.PayoutPaid,
	"settled":   domain.PayoutPaid,
	"rejected":  domain.PayoutFailed,
	"returned":  domain.PayoutFailed,
}

// ApplyBankStatus applies a payout status reported by the bank.
func (s *PayoutService) ApplyBankStatus(ctx context.Context, providerRef, status, reason string) error {
	to, ok := bankStatusMap[status]
	if !ok {
		s.log.DebugContext(ctx, "ignoring intermediate payout status", "ref", providerRef, "status", status)
		return nil
	}
	return s.store.InTx(ctx, func(tx repo.Store) error {
		p, changed, err := tx.Payouts().Transition(ctx, providerRef, to, reason, domain.PayoutSubmitted, domain.PayoutPending)
		if err != nil {
			return err
		}
		if !changed || to != domain.PayoutPaid || p.Kind != domain.PayoutKindInitial {
			return nil
		}
		now := s.clock.Now()
		paid, err := tx.Advances().MarkPaidOut(ctx, p.AdvanceID, now)
		if err != nil || !paid {
			return err
		}
		adv, err := tx.Advances().Get(ctx, p.AdvanceID)
		if err != nil {
			return err
		}
		advID := adv.ID
		if err := tx.Ledger().Post(ctx, &domain.LedgerEntry{
			AdvanceID: &advID, EntryType: domain.EntryAdvancePaid, AmountMinor: p.AmountMinor,
			Currency: p.Currency, SourceRef: providerRef, CreatedAt: now,
		}); err != nil {
			return err
		}
		return events.Emit(ctx, tx.Outbox(), events.AdvancePaidOut{
			AdvanceID: adv.ID, PayoutID: p.ID, SupplierID: adv.SupplierID,
			AmountMinor: p.AmountMinor, Currency: p.Currency,
		})
	})
}
