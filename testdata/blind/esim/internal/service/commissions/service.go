// Package commissions keeps the reseller commission ledger.
package commissions

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/store"
)

// Ledger entry types.
const (
	EntryAccrual = "accrual"
	EntryPayout  = "payout"
)

const settleBatch = 500

var (
	ErrNothingToSettle = errors.New("commissions: nothing to settle")
	ErrInvalidReseller = errors.New("commissions: invalid reseller")
	ErrNotFound        = errors.New("commissions: reseller not found")
)

// Service manages resellers and their ledger.
type Service struct {
	db  *store.DB
	log *slog.Logger
	now func() time.Time
}

// New returns a commission service.
func New(db *store.DB, log *slog.Logger) *Service {
	return &Service{db: db, log: log, now: time.Now}
}

// RegisterInput onboards a reseller.
type RegisterInput struct {
	Code          string
	Name          string
	CommissionBps int32
	Currency      string
}

// Register creates the reseller with the given code, or returns the one that
// already holds it.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*model.Reseller, error) {
	if in.Code == "" || in.Name == "" || in.CommissionBps < 0 || in.CommissionBps > 5000 {
		return nil, ErrInvalidReseller
	}
	rs := &model.Reseller{
		ID:            uuid.NewString(),
		Code:          in.Code,
		Name:          in.Name,
		CommissionBps: in.CommissionBps,
		Currency:      in.Currency,
		CreatedAt:     s.now().UTC(),
	}
	if _, err := s.db.Resellers.InsertIgnore(ctx, rs); err != nil {
		return nil, err
	}
	return s.db.Resellers.Find(ctx, "by_code", in.Code)
}

// Accrue books the reseller's commission on a captured order.
func (s *Service) Accrue(ctx context.Context, orderID string) error {
	o, err := s.db.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.ResellerID == nil {
		return nil
	}
	rs, err := s.db.Resellers.Get(ctx, *o.ResellerID)
	if err != nil {
		return err
	}
	amount := o.AmountMinor * int64(rs.CommissionBps) / 10000
	if amount == 0 {
		return nil
	}
	return s.db.InTx(ctx, func(r *store.Repos) error {
		entry := &model.LedgerEntry{
			ID:          uuid.NewString(),
			ResellerID:  rs.ID,
			OrderID:     &o.ID,
			EntryType:   EntryAccrual,
			AmountMinor: amount,
			Currency:    o.Currency,
			CreatedAt:   s.now().UTC(),
		}
		if err := r.Ledger.Insert(ctx, entry); err != nil {
			return err
		}
		_, err := r.Resellers.Exec(ctx, "credit_balance", rs.ID, amount)
		return err
	})
}

// Settle pays out every unsettled accrual of the reseller booked before
// periodEnd and links the accruals to the settlement.
func (s *Service) Settle(ctx context.Context, resellerID string, periodEnd time.Time) (*model.Settlement, error) {
	rs, err := s.db.Resellers.Get(ctx, resellerID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	var st *model.Settlement
	var ids []string
	err = s.db.InTx(ctx, func(r *store.Repos) error {
		entries, err := r.Ledger.List(ctx, "unsettled", rs.ID, periodEnd)
		if err != nil {
			return err
		}
		if len(entries) == 0 {
			return ErrNothingToSettle
		}
		var total int64
		for _, e := range entries {
			total += e.AmountMinor
			ids = append(ids, e.ID)
		}
		now := s.now().UTC()
		st = &model.Settlement{
			ID:         uuid.NewString(),
			ResellerID: rs.ID,
			PeriodEnd:  periodEnd,
			TotalMinor: total,
			Currency:   rs.Currency,
			Status:     "pending_payout",
			CreatedAt:  now,
		}
		if err := r.Settlements.Insert(ctx, st); err != nil {
			return err
		}
		payout := &model.LedgerEntry{
			ID:           uuid.NewString(),
			ResellerID:   rs.ID,
			EntryType:    EntryPayout,
			AmountMinor:  -total,
			Currency:     rs.Currency,
			SettlementID: &st.ID,
			CreatedAt:    now,
		}
		if err := r.Ledger.Insert(ctx, payout); err != nil {
			return err
		}
		_, err = r.Resellers.Exec(ctx, "debit_balance", rs.ID, total)
		return err
	})
	if err != nil {
		return nil, err
	}
	for chunk := range slices.Chunk(ids, settleBatch) {
		if _, err := s.db.Ledger.Exec(ctx, "settle", chunk, st.ID); err != nil {
			return nil, err
		}
	}
	s.log.InfoContext(ctx, "settlement created", "reseller", rs.ID, "settlement", st.ID, "entries", len(ids), "total", st.TotalMinor)
	return st, nil
}

// Balance returns the reseller's current balance.
func (s *Service) Balance(ctx context.Context, resellerID string) (*model.Reseller, error) {
	rs, err := s.db.Resellers.Get(ctx, resellerID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNotFound
	}
	return rs, err
}
