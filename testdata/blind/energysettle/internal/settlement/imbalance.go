package settlement

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

// ImbalanceRepository is what ImbalanceService needs from storage.
type ImbalanceRepository interface {
	UpsertRun(ctx context.Context, run *model.SettlementRun) error
	GetRun(ctx context.Context, runID string) (*model.SettlementRun, error)
	LatestRunForDate(ctx context.Context, date time.Time) (*model.SettlementRun, error)
	InsertCharges(ctx context.Context, charges []model.ImbalanceCharge) error
	DeleteChargesForRun(ctx context.Context, runID string) (int64, error)
	MarkRunComputed(ctx context.Context, runID string, at time.Time) error
	ConfirmedTradesForDate(ctx context.Context, date time.Time) ([]model.Trade, error)
	MeteredVolumesForDate(ctx context.Context, date time.Time) ([]model.MeteredVolume, error)
	SystemPricesForDate(ctx context.Context, date time.Time) (map[int]model.SystemPrice, error)
}

// RunNotice announces a settlement run for a settlement date.
type RunNotice struct {
	RunID          string
	SettlementDate time.Time
	RunType        string
	PublishedAt    time.Time
}

// RecomputeResult summarises a recompute.
type RecomputeResult struct {
	RunID      string `json:"run_id"`
	Replaced   int64  `json:"replaced"`
	Charges    int    `json:"charges"`
	TotalPence int64  `json:"total_pence"`
}

// ImbalanceService computes imbalance charges per balancing unit and
// settlement period: the difference between contracted and metered energy,
// priced at the system buy price when short and system sell price when long.
type ImbalanceService struct {
	uow   txn.Runner[ImbalanceRepository]
	newID func() string
	now   func() time.Time
	log   *slog.Logger
}

// NewImbalanceService wires an ImbalanceService.
func NewImbalanceService(uow txn.Runner[ImbalanceRepository], newID func() string, now func() time.Time, log *slog.Logger) *ImbalanceService {
	return &ImbalanceService{uow: uow, newID: newID, now: now, log: log}
}

// OnSettlementRun records a run notice and computes its charges.
func (s *ImbalanceService) OnSettlementRun(ctx context.Context, n RunNotice) error {
	if n.RunID == "" {
		return fmt.Errorf("%w: run notice without run ID", ErrInvalid)
	}
	return s.uow.Do(ctx, func(r ImbalanceRepository) error {
		run := &model.SettlementRun{
			RunID:          n.RunID,
			SettlementDate: n.SettlementDate,
			RunType:        n.RunType,
			Status:         "received",
			ReceivedAt:     s.now(),
		}
		if err := r.UpsertRun(ctx, run); err != nil {
			return fmt.Errorf("record run %s: %w", n.RunID, err)
		}
		charges, err := s.computeCharges(ctx, r, run)
		if err != nil {
			return err
		}
		if err := r.InsertCharges(ctx, charges); err != nil {
			return fmt.Errorf("store charges for run %s: %w", n.RunID, err)
		}
		s.log.Info("imbalance computed", "run_id", n.RunID, "run_type", n.RunType,
			"date", clock.FormatDate(n.SettlementDate), "charges", len(charges))
		return r.MarkRunComputed(ctx, run.RunID, s.now())
	})
}

// Recompute replaces the charges of a run with a fresh calculation, e.g.
// after late meter data or a price correction.
func (s *ImbalanceService) Recompute(ctx context.Context, runID string) (*RecomputeResult, error) {
	var res RecomputeResult
	err := s.uow.Do(ctx, func(r ImbalanceRepository) error {
		run, err := r.GetRun(ctx, runID)
		if err != nil {
			return err
		}
		replaced, err := r.DeleteChargesForRun(ctx, runID)
		if err != nil {
			return err
		}
		charges, err := s.computeCharges(ctx, r, run)
		if err != nil {
			return err
		}
		if err := r.InsertCharges(ctx, charges); err != nil {
			return err
		}
		res = RecomputeResult{RunID: runID, Replaced: replaced, Charges: len(charges), TotalPence: sumPence(charges)}
		return r.MarkRunComputed(ctx, runID, s.now())
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// RecalculateDate recomputes the latest run for a settlement date. Dates
// with no run yet are skipped: the run notice will compute them.
func (s *ImbalanceService) RecalculateDate(ctx context.Context, date time.Time) error {
	var runID string
	err := s.uow.Do(ctx, func(r ImbalanceRepository) error {
		run, err := r.LatestRunForDate(ctx, date)
		if err != nil {
			return err
		}
		runID = run.RunID
		return nil
	})
	if errors.Is(err, model.ErrNotFound) {
		s.log.Debug("no settlement run yet", "date", clock.FormatDate(date))
		return nil
	}
	if err != nil {
		return err
	}
	res, err := s.Recompute(ctx, runID)
	if err != nil {
		return err
	}
	s.log.Info("imbalance recalculated", "run_id", res.RunID, "replaced", res.Replaced, "charges", res.Charges)
	return nil
}

type unitPeriod struct {
	bmu    string
	period int
}

func (s *ImbalanceService) computeCharges(ctx context.Context, r ImbalanceRepository, run *model.SettlementRun) ([]model.ImbalanceCharge, error) {
	trades, err := r.ConfirmedTradesForDate(ctx, run.SettlementDate)
	if err != nil {
		return nil, fmt.Errorf("load trades: %w", err)
	}
	metered, err := r.MeteredVolumesForDate(ctx, run.SettlementDate)
	if err != nil {
		return nil, fmt.Errorf("load metered volumes: %w", err)
	}
	prices, err := r.SystemPricesForDate(ctx, run.SettlementDate)
	if err != nil {
		return nil, fmt.Errorf("load system prices: %w", err)
	}

	contracted := map[unitPeriod]decimal.Decimal{}
	for _, t := range trades {
		k := unitPeriod{t.BMUnitID, t.SettlementPeriod}
		contracted[k] = contracted[k].Add(t.SignedVolume())
	}
	meteredBy := map[unitPeriod]decimal.Decimal{}
	for _, m := range metered {
		meteredBy[unitPeriod{m.BMUnitID, m.SettlementPeriod}] = m.MWh
	}

	keys := make([]unitPeriod, 0, len(contracted)+len(meteredBy))
	seen := map[unitPeriod]bool{}
	for k := range contracted {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for k := range meteredBy {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].bmu != keys[j].bmu {
			return keys[i].bmu < keys[j].bmu
		}
		return keys[i].period < keys[j].period
	})

	now := s.now()
	charges := make([]model.ImbalanceCharge, 0, len(keys))
	var missingPrices int
	for _, k := range keys {
		price, ok := prices[k.period]
		if !ok {
			missingPrices++
			continue
		}
		c := contracted[k]
		m := meteredBy[k]
		imbalance := c.Sub(m) // negative: short, we bought less than we used
		unitPrice := price.SystemSellPrice
		if imbalance.IsNegative() {
			unitPrice = price.SystemBuyPrice
		}
		charges = append(charges, model.ImbalanceCharge{
			ID:               s.newID(),
			RunID:            run.RunID,
			BMUnitID:         k.bmu,
			SettlementDate:   run.SettlementDate,
			SettlementPeriod: k.period,
			ContractedMWh:    c,
			MeteredMWh:       m,
			ImbalanceMWh:     imbalance,
			PriceGBPPerMWh:   unitPrice,
			AmountPence:      chargePence(imbalance, unitPrice),
			CreatedAt:        now,
		})
	}
	if missingPrices > 0 {
		s.log.Warn("system prices missing for some periods", "run_id", run.RunID, "periods", missingPrices)
	}
	return charges, nil
}

// chargePence prices an imbalance: short positions are charged (positive),
// long positions are paid out (negative).
func chargePence(imbalanceMWh, priceGBP decimal.Decimal) int64 {
	return imbalanceMWh.Neg().Mul(priceGBP).Mul(decimal.NewFromInt(100)).Round(0).IntPart()
}

func sumPence(charges []model.ImbalanceCharge) int64 {
	var total int64
	for _, c := range charges {
		total += c.AmountPence
	}
	return total
}
