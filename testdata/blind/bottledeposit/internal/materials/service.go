// Package materials tracks collected material per kiosk and recycler:
// intake from return sessions, sealed bags handed to the recycler's driver,
// monthly reports and pickups.
package materials

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/events"
	"github.com/pantloop/deposit/internal/period"
	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/recycler"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

type Service struct {
	pool   txn.Pool
	portal recycler.Portal
	stock  *StockLedger
	log    *slog.Logger
}

func NewService(pool txn.Pool, portal recycler.Portal, log *slog.Logger) *Service {
	return &Service{pool: pool, portal: portal, stock: &StockLedger{pool: pool}, log: log}
}

// Tally books the material of a return session against the kiosk's
// recycler.
func (s *Service) Tally(ctx context.Context, ev events.ReturnRecorded) error {
	k, err := store.New(s.pool).GetKiosk(ctx, ev.KioskID)
	if pgutil.IsNoRows(err) {
		return bus.Permanent(fmt.Errorf("tally %s: unknown kiosk %s", ev.EventID, ev.KioskID))
	}
	if err != nil {
		return err
	}
	lines := mergeLines(ev.Lines)
	return txn.Run(ctx, s.pool, func(q *store.Queries) error {
		for _, l := range lines {
			if err := q.InsertMaterialIntake(ctx, store.InsertMaterialIntakeParams{
				ReturnEventID: ev.EventID,
				Material:      l.Material,
				KioskID:       k.ID,
				RecyclerID:    k.RecyclerID,
				Units:         int32(l.Units),
				WeightGrams:   int32(l.WeightGrams),
				ReturnedAt:    ev.ReturnedAt,
			}); err != nil {
				return fmt.Errorf("intake %s/%s: %w", ev.EventID, l.Material, err)
			}
		}
		return nil
	})
}

func mergeLines(in []events.ReturnLine) []events.ReturnLine {
	idx := map[string]int{}
	var out []events.ReturnLine
	for _, l := range in {
		if i, ok := idx[l.Material]; ok {
			out[i].Units += l.Units
			out[i].WeightGrams += l.WeightGrams
			out[i].DepositCents += l.DepositCents
			continue
		}
		idx[l.Material] = len(out)
		out = append(out, l)
	}
	return out
}

// RecordCollection books a sealed bag handed to the recycler.
func (s *Service) RecordCollection(ctx context.Context, ev events.BagCollected) error {
	k, err := store.New(s.pool).GetKiosk(ctx, ev.KioskID)
	if pgutil.IsNoRows(err) {
		return bus.Permanent(fmt.Errorf("bag %s: unknown kiosk %s", ev.SealNo, ev.KioskID))
	}
	if err != nil {
		return err
	}
	if _, err := s.stock.Add(ctx, k.RecyclerID, k.ID, ev.Material, int64(ev.WeightGrams)); err != nil {
		return err
	}
	return s.stock.RecordBag(ctx, store.InsertCollectionBagParams{
		SealNo:      ev.SealNo,
		KioskID:     k.ID,
		RecyclerID:  k.RecyclerID,
		Material:    ev.Material,
		WeightGrams: int32(ev.WeightGrams),
		CollectedAt: ev.CollectedAt,
	})
}

// SubmitReports sends every recycler the material collected for it in the
// period.
func (s *Service) SubmitReports(ctx context.Context, month period.Month) error {
	q := store.New(s.pool)
	recyclers, err := q.ListRecyclers(ctx)
	if err != nil {
		return err
	}
	for _, r := range recyclers {
		if err := s.submitReport(ctx, q, r, month); err != nil {
			return fmt.Errorf("report %s %s: %w", r.ID, month.Key(), err)
		}
	}
	return nil
}

func (s *Service) submitReport(ctx context.Context, q *store.Queries, r store.Recycler, month period.Month) error {
	rows, err := q.SumIntakeForPeriod(ctx, store.SumIntakeForPeriodParams{
		RecyclerID: r.ID,
		From:       month.Start,
		To:         month.End,
	})
	if err != nil {
		return err
	}
	report := recycler.Report{
		Account:     r.PartnerAccount,
		PeriodStart: month.Start.Format(time.DateOnly),
		PeriodEnd:   month.End.AddDate(0, 0, -1).Format(time.DateOnly),
	}
	for _, row := range rows {
		report.Totals = append(report.Totals, recycler.MaterialTotal{
			Material:    row.Material,
			Units:       row.Units,
			WeightGrams: row.WeightGrams,
		})
	}
	ref := fmt.Sprintf("%s-%s", r.ID, month.Key())
	receipt, err := s.portal.PutReport(ctx, ref, report)
	if err != nil {
		return err
	}
	totals, err := json.Marshal(report.Totals)
	if err != nil {
		return err
	}
	return q.UpsertRecyclerReport(ctx, store.UpsertRecyclerReportParams{
		RecyclerID:     r.ID,
		PeriodStart:    month.Start,
		ReportRef:      ref,
		Totals:         totals,
		PartnerReceipt: receipt.Receipt,
	})
}

// PickupCandidate is a kiosk whose stock for a recycler is over the pickup
// threshold.
type PickupCandidate struct {
	RecyclerID string
	KioskID    string
}

// PickupCandidates lists kiosks that need a truck.
func (s *Service) PickupCandidates(ctx context.Context) ([]PickupCandidate, error) {
	rows, err := store.New(s.pool).ListStockAboveThreshold(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]PickupCandidate, 0, len(rows))
	for _, r := range rows {
		out = append(out, PickupCandidate{RecyclerID: r.RecyclerID, KioskID: r.KioskID})
	}
	return out, nil
}

// BookPickup books a truck for a kiosk's stock and resets the stock counter.
func (s *Service) BookPickup(ctx context.Context, recyclerID, kioskID string, earliest time.Time) (string, error) {
	q := store.New(s.pool)
	r, err := q.GetRecycler(ctx, recyclerID)
	if err != nil {
		return "", err
	}
	k, err := q.GetKiosk(ctx, kioskID)
	if err != nil {
		return "", err
	}
	weight, bags, err := s.stock.Totals(ctx, recyclerID, kioskID)
	if err != nil {
		return "", err
	}
	if bags == 0 {
		return "", nil
	}

	bookingRef := "PU-" + xid.New().String()
	pickup, err := s.portal.BookPickup(ctx, recycler.PickupRequest{
		BookingRef:  bookingRef,
		Account:     r.PartnerAccount,
		SiteRef:     k.Serial,
		Bags:        bags,
		WeightGrams: weight,
		EarliestDay: earliest.Format(time.DateOnly),
	})
	if err != nil {
		return "", err
	}

	err = txn.Run(ctx, s.pool, func(q *store.Queries) error {
		if err := q.InsertRecyclerPickup(ctx, store.InsertRecyclerPickupParams{
			ID:          pickup.ID,
			BookingRef:  bookingRef,
			RecyclerID:  recyclerID,
			KioskID:     kioskID,
			WindowStart: pickup.WindowStart,
			WindowEnd:   pickup.WindowEnd,
		}); err != nil {
			return err
		}
		return q.ResetRecyclerStock(ctx, store.ResetRecyclerStockParams{RecyclerID: recyclerID, KioskID: kioskID})
	})
	if err != nil {
		return "", err
	}
	return pickup.ID, nil
}
