package tariff

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/logx"
)

// Change is published by the pricing tool on the tariff-changes FIFO queue,
// grouped by tariff.
type Change struct {
	TariffID        string    `json:"tariff_id"`
	Version         int       `json:"version"`
	Currency        string    `json:"currency"`
	EnergyPriceMWh  int64     `json:"energy_price_mwh"`
	SessionFeeCents int64     `json:"session_fee_cents"`
	IdleFeePerMin   int64     `json:"idle_fee_per_min"`
	IdleGraceMin    int       `json:"idle_grace_min"`
	EffectiveFrom   time.Time `json:"effective_from"`
	StationName     string    `json:"station_name"`
}

// Notifier queues driver SMS with an event-derived notification ID.
type Notifier interface {
	SMS(ctx context.Context, driverID, template string, params map[string]string, eventKey ...string) error
}

// Applier applies tariff changes and tells watching drivers.
type Applier struct {
	db     *sql.DB
	repo   *Repo
	notify Notifier
}

// NewApplier wires the applier.
func NewApplier(db *sql.DB, repo *Repo, n Notifier) *Applier {
	return &Applier{db: db, repo: repo, notify: n}
}

// Apply stores the version, promotes it if newer, and notifies watchers.
// Every step is idempotent per (tariff, version).
func (a *Applier) Apply(ctx context.Context, ch Change) error {
	err := dbutil.WithTx(ctx, a.db, func(tx *sql.Tx) error {
		if err := a.repo.UpsertVersion(ctx, tx, Version{
			TariffID:        ch.TariffID,
			Version:         ch.Version,
			Currency:        ch.Currency,
			EnergyPriceMWh:  ch.EnergyPriceMWh,
			SessionFeeCents: ch.SessionFeeCents,
			IdleFeePerMin:   ch.IdleFeePerMin,
			IdleGraceMin:    ch.IdleGraceMin,
			EffectiveFrom:   ch.EffectiveFrom,
		}); err != nil {
			return err
		}
		_, err := a.repo.Promote(ctx, tx, ch.TariffID, ch.Currency, ch.Version)
		return err
	})
	if err != nil {
		return fmt.Errorf("apply tariff %s v%d: %w", ch.TariffID, ch.Version, err)
	}

	watchers, err := a.repo.Watchers(ctx, a.db, ch.TariffID)
	if err != nil {
		return err
	}
	price := fmt.Sprintf("%.2f %s", float64(ch.EnergyPriceMWh)/100_000, ch.Currency)
	version := strconv.Itoa(ch.Version)
	for _, driverID := range watchers {
		err := a.notify.SMS(ctx, driverID, "tariff_change", map[string]string{
			"station": ch.StationName,
			"price":   price,
			"from":    ch.EffectiveFrom.Format("2 Jan 15:04"),
		}, ch.TariffID, version)
		if err != nil {
			return fmt.Errorf("notify %s: %w", driverID, err)
		}
	}
	logx.From(ctx).Info("tariff change applied", "tariff", ch.TariffID, "version", ch.Version, "watchers", len(watchers))
	return nil
}
