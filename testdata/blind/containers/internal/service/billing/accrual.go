package billing

import (
	"context"
	"log/slog"
	"time"

	"github.com/quaymark/terminal-ops/internal/config"
	"github.com/quaymark/terminal-ops/internal/domain"
)

// Accrual computes daily demurrage.
type Accrual struct {
	containers DwellingContainers
	accruals   Accruals
	freeDays   int
	rateCents  int64
}

// NewAccrual wires Accrual.
func NewAccrual(containers DwellingContainers, accruals Accruals, cfg *config.Config) *Accrual {
	return &Accrual{containers: containers, accruals: accruals, freeDays: cfg.FreeDays, rateCents: cfg.DailyRateCts}
}

// AccrueDay charges one day of demurrage for every container past its free
// time on day. Running it twice for the same day charges nothing new.
func (a *Accrual) AccrueDay(ctx context.Context, day time.Time) (int, error) {
	day = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	cutoff := day.AddDate(0, 0, -a.freeDays)
	containers, err := a.containers.Dwelling(ctx, cutoff)
	if err != nil {
		return 0, err
	}
	added := 0
	for _, c := range containers {
		created, err := a.accruals.AddDay(ctx, &domain.DemurrageAccrual{
			ContainerNo: c.ContainerNo,
			LineCode:    c.LineCode,
			AccrualDate: day,
			AmountCents: a.rateCents,
		})
		if err != nil {
			return added, err
		}
		if created {
			added++
		}
	}
	slog.InfoContext(ctx, "demurrage accrued", "day", day.Format(time.DateOnly), "containers", len(containers), "new", added)
	return added, nil
}

// LinesToInvoice lists lines with unbilled accruals in period.
func (a *Accrual) LinesToInvoice(ctx context.Context, period string) ([]string, error) {
	from, to, err := periodBounds(period)
	if err != nil {
		return nil, err
	}
	return a.accruals.LinesWithUninvoiced(ctx, from, to)
}
