package settlement

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
)

// PriceRepository stores system prices.
type PriceRepository interface {
	UpsertSystemPrices(ctx context.Context, prices []model.SystemPrice) (int64, error)
}

// PricePublication is one operator publication of imbalance prices.
type PricePublication struct {
	SettlementDate time.Time
	PriceRunType   string
	PublishedAt    time.Time
	Periods        []PeriodPrice
}

// PeriodPrice is the price pair of one settlement period in GBP/MWh.
type PeriodPrice struct {
	Period int
	SBP    decimal.Decimal
	SSP    decimal.Decimal
}

// PriceService stores system prices.
type PriceService struct {
	repo   PriceRepository
	recalc JobQueue
	log    *slog.Logger
}

// NewPriceService wires a PriceService.
func NewPriceService(repo PriceRepository, recalc JobQueue, log *slog.Logger) *PriceService {
	return &PriceService{repo: repo, recalc: recalc, log: log}
}

// Store upserts a price publication. Later price runs supersede earlier
// ones; a late-arriving older run is ignored row by row.
func (s *PriceService) Store(ctx context.Context, p PricePublication) error {
	rows := make([]model.SystemPrice, 0, len(p.Periods))
	for _, pp := range p.Periods {
		if pp.Period < 1 || pp.Period > 50 {
			return fmt.Errorf("%w: period %d", ErrInvalid, pp.Period)
		}
		rows = append(rows, model.SystemPrice{
			SettlementDate:   p.SettlementDate,
			SettlementPeriod: pp.Period,
			SystemBuyPrice:   pp.SBP,
			SystemSellPrice:  pp.SSP,
			PriceRunType:     p.PriceRunType,
			PublishedAt:      p.PublishedAt,
		})
	}
	n, err := s.repo.UpsertSystemPrices(ctx, rows)
	if err != nil {
		return err
	}
	day := clock.FormatDate(p.SettlementDate)
	s.log.Info("system prices stored", "date", day, "run", p.PriceRunType, "rows", n)
	if n == 0 {
		return nil
	}
	job := RecalcJob{SettlementDate: day, Reason: "prices", SourceRef: p.PriceRunType + "@" + p.PublishedAt.Format(time.RFC3339)}
	return s.recalc.Send(ctx, job, day, job.Reason+"-"+day+"-"+p.PriceRunType+"-"+p.PublishedAt.Format("20060102T150405"))
}
