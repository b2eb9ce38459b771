package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/shopspring/decimal"

	"github.com/prairiegold/graincoop/internal/ach"
	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/events"
	"github.com/prairiegold/graincoop/internal/idgen"
	"github.com/prairiegold/graincoop/internal/kafkax"
	"github.com/prairiegold/graincoop/internal/store"
)

// checkoffRate is the state commodity checkoff withheld from gross value.
var checkoffRate = decimal.RequireFromString("0.005")

// SettlementService builds, finalizes and pays end-of-season settlements.
type SettlementService struct {
	uow      UnitOfWork
	repos    *store.Repos
	payments Payments
	pub      Publisher
	log      *slog.Logger
	now      Clock
}

func NewSettlementService(uow UnitOfWork, repos *store.Repos, p Payments, pub Publisher, log *slog.Logger, now Clock) *SettlementService {
	return &SettlementService{uow: uow, repos: repos, payments: p, pub: pub, log: log, now: now}
}

// BuildSeason opens a settlement for every grower who delivered in season.
func (s *SettlementService) BuildSeason(ctx context.Context, season int) (int, error) {
	ids, err := s.repos.Applications.GrowersWithDeliveries(ctx, season)
	if err != nil {
		return 0, err
	}
	built := 0
	for _, gid := range ids {
		ok, err := s.buildOne(ctx, gid, season)
		if err != nil {
			return built, fmt.Errorf("grower %d: %w", gid, err)
		}
		if ok {
			built++
		}
	}
	return built, nil
}

func (s *SettlementService) buildOne(ctx context.Context, growerID int64, season int) (bool, error) {
	from, to := seasonBounds(season)
	values, err := s.repos.Applications.SeasonValue(ctx, growerID, season)
	if err != nil {
		return false, err
	}
	drying, discount, err := s.repos.Tickets.SeasonTotals(ctx, growerID, from, to)
	if err != nil {
		return false, err
	}
	premium, err := s.repos.Premiums.SeasonTotal(ctx, growerID, season)
	if err != nil {
		return false, err
	}
	contracts, err := s.repos.Contracts.ListForGrower(ctx, growerID, season)
	if err != nil {
		return false, err
	}

	st := &domain.Settlement{GrowerID: growerID, Season: season, Status: domain.SettlementBuilt, BuiltAt: s.now()}
	var lines []domain.SettlementLine
	for _, v := range values {
		st.GrossAmount = st.GrossAmount.Add(v.Amount)
		lines = append(lines, domain.SettlementLine{LineType: "grain", Ref: v.ContractNo,
			Description: v.Bushels.StringFixed(2) + " bu", Amount: v.Amount})
	}
	st.DryingAmount, st.DiscountAmount, st.PremiumAmount = drying, discount, premium
	lines = append(lines,
		domain.SettlementLine{LineType: "drying", Description: "drying charges", Amount: drying.Neg()},
		domain.SettlementLine{LineType: "discount", Description: "grade discounts", Amount: discount.Neg()},
		domain.SettlementLine{LineType: "premium", Description: "premiums and adjustments", Amount: premium},
	)
	st.NetAmount = st.GrossAmount.Sub(drying).Sub(discount).Add(premium)

	created := false
	err = s.uow.InTx(ctx, func(r *store.Repos) error {
		ok, err := r.Settlements.Open(ctx, st)
		if err != nil || !ok {
			return err
		}
		created = true
		for i := range lines {
			lines[i].SettlementID = st.ID
			lines[i].CreatedAt = st.BuiltAt
		}
		if err := r.Settlements.AddLines(ctx, lines); err != nil {
			return err
		}
		return s.scheduleDeferred(ctx, r, growerID, contracts)
	})
	return created, err
}

func (s *SettlementService) scheduleDeferred(ctx context.Context, r *store.Repos, growerID int64, contracts []domain.Contract) error {
	var acct *domain.BankAccount
	for _, c := range contracts {
		if c.ContractType != domain.DeferredContract || c.PricePerBu == nil || c.DeferredUntil == nil || !c.DeliveredBu.IsPositive() {
			continue
		}
		if acct == nil {
			a, err := r.BankAccounts.Default(ctx, growerID)
			if err != nil {
				return fmt.Errorf("deferred contract %s: %w", c.ContractNo, err)
			}
			acct = a
		}
		if _, err := r.Deferred.Schedule(ctx, &domain.DeferredPayment{
			ContractID: c.ID, GrowerID: growerID, BankAccountID: acct.ID,
			Amount: c.PricePerBu.Mul(c.DeliveredBu).Round(2), DueDate: *c.DeferredUntil, Status: "scheduled",
		}); err != nil {
			return err
		}
	}
	return nil
}

// FinalizeSeason applies storage, checkoff and advance deductions to each
// built settlement and releases it for payment.
func (s *SettlementService) FinalizeSeason(ctx context.Context, season int) (int, error) {
	built, err := s.repos.Settlements.ByStatus(ctx, season, domain.SettlementBuilt)
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range built {
		if err := s.finalizeOne(ctx, &built[i]); err != nil {
			return n, fmt.Errorf("settlement %d: %w", built[i].ID, err)
		}
		n++
	}
	return n, nil
}

func (s *SettlementService) finalizeOne(ctx context.Context, st *domain.Settlement) error {
	from, to := seasonBounds(st.Season)
	storage, err := s.repos.Storage.SeasonTotal(ctx, st.GrowerID, from, to)
	if err != nil {
		return err
	}
	checkoff := st.GrossAmount.Mul(checkoffRate).Round(2)

	err = s.uow.InTx(ctx, func(r *store.Repos) error {
		d := store.Deductions{Storage: storage, Checkoff: checkoff}
		lines := []domain.SettlementLine{
			{SettlementID: st.ID, LineType: "storage", Description: "storage fees", Amount: storage.Neg()},
			{SettlementID: st.ID, LineType: "checkoff", Description: "state checkoff", Amount: checkoff.Neg()},
		}
		available := st.NetAmount.Sub(storage).Sub(checkoff)
		advances, err := r.Advances.Outstanding(ctx, st.GrowerID, st.Season)
		if err != nil {
			return err
		}
		for _, a := range advances {
			amt := decimal.Min(a.Outstanding, available)
			if !amt.IsPositive() {
				break
			}
			if err := r.Advances.Recover(ctx, a.ID, amt); err != nil {
				return err
			}
			lines = append(lines, domain.SettlementLine{SettlementID: st.ID, LineType: "advance", Ref: a.ID.String(),
				Description: "advance recovery", Amount: amt.Neg()})
			d.Advances = d.Advances.Add(amt)
			available = available.Sub(amt)
		}
		if err := r.Settlements.AddLines(ctx, lines); err != nil {
			return err
		}
		return r.Settlements.ApplyDeductions(ctx, st.ID, d)
	})
	if err != nil {
		return fmt.Errorf("apply deductions: %w", err)
	}

	return s.uow.InTx(ctx, func(r *store.Repos) error {
		now := s.now()
		if err := r.Settlements.MarkFinalized(ctx, st.ID, now); err != nil {
			return err
		}
		fresh, err := r.Settlements.Get(ctx, st.ID)
		if err != nil {
			return err
		}
		return s.pub.Publish(ctx, kafkax.TopicSettlementFinalize, fmt.Sprint(st.GrowerID), idgen.Stable("settlement-finalized", st.ID),
			events.SettlementFinalized{SettlementID: st.ID, GrowerID: st.GrowerID, Season: st.Season, NetAmount: fresh.NetAmount, FinalizedAt: now})
	})
}

// Payout opens (or reuses) the payout for a finalized settlement and sends
// it to the ACH provider.
func (s *SettlementService) Payout(ctx context.Context, settlementID int64) (*domain.Payout, error) {
	st, err := s.repos.Settlements.Get(ctx, settlementID)
	if err != nil {
		return nil, notFound(err)
	}
	if st.Status == domain.SettlementBuilt {
		return nil, fmt.Errorf("%w: settlement not finalized", ErrConflict)
	}
	if !st.NetAmount.IsPositive() {
		return nil, fmt.Errorf("%w: nothing to pay (net %s)", ErrConflict, st.NetAmount.StringFixed(2))
	}
	acct, err := s.repos.BankAccounts.Default(ctx, st.GrowerID)
	if err != nil {
		return nil, fmt.Errorf("%w: grower has no bank account", ErrInvalid)
	}
	var p *domain.Payout
	err = s.uow.InTx(ctx, func(r *store.Repos) error {
		if _, err := r.Payouts.Open(ctx, &domain.Payout{
			ID: idgen.New(), SettlementID: st.ID, GrowerID: st.GrowerID, BankAccountID: acct.ID,
			Amount: st.NetAmount, Status: domain.PayoutPending, CreatedAt: s.now(),
		}); err != nil {
			return err
		}
		p, err = r.Payouts.BySettlement(ctx, st.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if p.Status != domain.PayoutPending {
		return p, nil
	}
	if err := s.send(ctx, s.repos, p); err != nil {
		return nil, err
	}
	return s.repos.Payouts.BySettlement(ctx, st.ID)
}

// DispatchPending retries payouts still pending, e.g. after a provider
// outage.
func (s *SettlementService) DispatchPending(ctx context.Context, batch int) (int, error) {
	sent := 0
	err := s.uow.InTx(ctx, func(r *store.Repos) error {
		pending, err := r.Payouts.ClaimPending(ctx, batch)
		if err != nil {
			return err
		}
		for i := range pending {
			if err := s.send(ctx, r, &pending[i]); err != nil {
				s.log.Warn("payout send failed", "payout", pending[i].ID, "err", err)
				continue
			}
			sent++
		}
		return nil
	})
	return sent, err
}

func (s *SettlementService) send(ctx context.Context, r *store.Repos, p *domain.Payout) error {
	acct, err := r.BankAccounts.Get(ctx, p.BankAccountID)
	if err != nil {
		return err
	}
	cents, err := ach.Cents(p.Amount.StringFixed(2))
	if err != nil {
		return err
	}
	pay, err := s.payments.CreatePayment(ctx, ach.PaymentRequest{
		CounterpartyID: acct.ProviderCounterpartyID,
		AmountCents:    cents,
		Direction:      ach.Credit,
		SECCode:        "CCD",
		Description:    "SETTLEMENT",
		Metadata:       map[string]string{"settlement_id": fmt.Sprint(p.SettlementID), "payout_id": p.ID.String()},
	}, ach.WithIdempotencyKey(p.ID.String()))
	if err != nil {
		if ferr := r.Payouts.RecordFailure(ctx, p.ID, err.Error()); ferr != nil {
			s.log.Error("record payout failure", "payout", p.ID, "err", ferr)
		}
		return fmt.Errorf("send payout %s: %w", p.ID, err)
	}
	return r.Payouts.MarkSent(ctx, p.ID, pay.ID, s.now())
}
