// Package vendor settles bar and food-stall takings: hourly pitch fees,
// daily settlements, payouts to the vendors' bank accounts and the payout
// status webhook.
package vendor

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/store"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

const (
	PayoutPending   = "pending"
	PayoutSubmitted = "submitted"
	PayoutPaid      = "paid"
	PayoutFailed    = "failed"

	kindSettlement = "settlement"
	kindEarly      = "early"

	// Vendors may draw up to this share of their unsettled takings early.
	earlyPayoutShare = 0.8
)

type Gateway interface {
	Payout(ctx context.Context, req payments.PayoutRequest, opts ...payments.CallOption) (*payments.PayoutResponse, error)
}

// FeeStore is the persistence the fee accrual needs.
type FeeStore interface {
	ListVendors(ctx context.Context) ([]db.Vendor, error)
	AddHourlyFee(ctx context.Context, vendorID uuid.UUID, amount int64, hour time.Time) error
}

type Service struct {
	store    *store.Store
	fees     FeeStore
	gateway  Gateway
	enqueuer tasks.Enqueuer
	currency string
	loc      *time.Location
	now      func() time.Time
}

func NewService(s *store.Store, fees FeeStore, gw Gateway, enq tasks.Enqueuer, cfg config.Config) *Service {
	return &Service{
		store:    s,
		fees:     fees,
		gateway:  gw,
		enqueuer: enq,
		currency: cfg.Currency,
		loc:      cfg.Location,
		now:      time.Now,
	}
}

// AccrueHourlyFees charges every vendor with a pitch fee for the hour that
// just ended.
func (s *Service) AccrueHourlyFees(ctx context.Context) error {
	vendors, err := s.fees.ListVendors(ctx)
	if err != nil {
		return err
	}
	hour := s.now().Truncate(time.Hour).Add(-time.Hour)
	for _, v := range vendors {
		if v.HourlyFeeCents <= 0 {
			continue
		}
		if err := s.fees.AddHourlyFee(ctx, v.ID, v.HourlyFeeCents, hour); err != nil {
			return fmt.Errorf("accrue fee for vendor %s: %w", v.ID, err)
		}
	}
	return nil
}

// CloseDay settles every vendor's takings for one festival day and
// schedules the payouts.
func (s *Service) CloseDay(ctx context.Context, day string) error {
	start, err := s.dayStart(day)
	if err != nil {
		return err
	}
	end := start.AddDate(0, 0, 1)
	vendors, err := s.store.ListVendors(ctx)
	if err != nil {
		return err
	}
	for _, v := range vendors {
		payout, err := s.closeVendorDay(ctx, v, start, end)
		if err != nil {
			return fmt.Errorf("close %s for vendor %s: %w", start.Format(time.DateOnly), v.ID, err)
		}
		if payout == nil {
			continue
		}
		if err := s.schedulePayout(ctx, payout.ID); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) closeVendorDay(ctx context.Context, v db.Vendor, start, end time.Time) (*db.Payout, error) {
	return store.InTxResult(ctx, s.store, func(q *db.Queries) (*db.Payout, error) {
		gross, err := q.SumUnsettledSales(ctx, db.SumUnsettledSalesParams{VendorID: v.ID, Cutoff: end})
		if err != nil {
			return nil, err
		}
		hourly, err := q.SumUnsettledFees(ctx, v.ID)
		if err != nil {
			return nil, err
		}
		commission := gross * int64(v.FeeBps) / 10_000
		net := gross - commission - hourly
		st, err := q.CreateSettlement(ctx, db.CreateSettlementParams{
			ID:          uuid.New(),
			VendorID:    v.ID,
			PeriodStart: start,
			PeriodEnd:   end,
			GrossCents:  gross,
			FeeCents:    commission + hourly,
			NetCents:    net,
		})
		if store.NoRows(err) {
			st, err = q.GetSettlementByPeriod(ctx, db.GetSettlementByPeriodParams{VendorID: v.ID, PeriodStart: start})
			if err != nil {
				return nil, err
			}
			p, found, err := store.Optional(q.GetPayoutBySettlement(ctx, &st.ID))
			if err != nil || !found || p.Status != PayoutPending {
				return nil, err
			}
			return &p, nil
		}
		if err != nil {
			return nil, err
		}
		if _, err := q.AssignSalesToSettlement(ctx, db.AssignSalesToSettlementParams{SettlementID: &st.ID, VendorID: v.ID, Cutoff: end}); err != nil {
			return nil, err
		}
		if _, err := q.AssignFeesToSettlement(ctx, db.AssignFeesToSettlementParams{SettlementID: &st.ID, VendorID: v.ID}); err != nil {
			return nil, err
		}
		early, err := q.SumOpenEarlyPayouts(ctx, v.ID)
		if err != nil {
			return nil, err
		}
		due := net - early
		if due <= 0 {
			return nil, nil
		}
		p, err := q.CreatePayout(ctx, db.CreatePayoutParams{
			ID:           "stl_" + st.ID.String(),
			VendorID:     v.ID,
			SettlementID: &st.ID,
			Kind:         kindSettlement,
			AmountCents:  due,
		})
		if err != nil {
			return nil, err
		}
		return &p, nil
	})
}

func (s *Service) dayStart(day string) (time.Time, error) {
	if day == "" {
		y, m, d := s.now().In(s.loc).AddDate(0, 0, -1).Date()
		return time.Date(y, m, d, 0, 0, 0, 0, s.loc), nil
	}
	t, err := time.ParseInLocation(time.DateOnly, day, s.loc)
	if err != nil {
		return time.Time{}, apperr.Invalid("day", "day must be YYYY-MM-DD")
	}
	return t, nil
}

func (s *Service) schedulePayout(ctx context.Context, payoutID string) error {
	return tasks.Enqueue(ctx, s.enqueuer, tasks.TypePayoutExecute, tasks.PayoutExecutePayload{PayoutID: payoutID},
		asynq.TaskID("payout:"+payoutID),
		asynq.Queue(tasks.QueueCritical),
		asynq.MaxRetry(25),
		asynq.Retention(tasks.Retention),
	)
}

// ExecutePayout submits a pending payout to PayBridge.
func (s *Service) ExecutePayout(ctx context.Context, payoutID string) error {
	p, err := s.store.GetPayout(ctx, payoutID)
	if err != nil {
		if store.NoRows(err) {
			slog.WarnContext(ctx, "payout not found", "payout", payoutID)
			return nil
		}
		return err
	}
	if p.Status != PayoutPending {
		return nil
	}
	return s.submit(ctx, p, payments.WithIdempotencyKey("payout-"+p.ID))
}

func (s *Service) submit(ctx context.Context, p db.Payout, opts ...payments.CallOption) error {
	v, err := s.store.GetVendor(ctx, p.VendorID)
	if err != nil {
		return err
	}
	res, err := s.gateway.Payout(ctx, payments.PayoutRequest{
		Reference:    p.ID,
		Amount:       payments.Amount{Currency: s.currency, Value: p.AmountCents},
		Counterparty: payments.BankAccount{IBAN: v.PayoutAccount, OwnerName: v.Name},
		Description:  "Loopgate Festival takings " + p.Kind,
		Metadata:     map[string]string{"vendor_id": v.ID.String()},
	}, opts...)
	if err != nil {
		return fmt.Errorf("payout %s: %w", p.ID, err)
	}
	return s.store.MarkPayoutSubmitted(ctx, db.MarkPayoutSubmittedParams{ID: p.ID, PspReference: &res.ID})
}
