// Package tariff holds our station tariffs, partner tariffs and pricing.
package tariff

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/platform/dbutil"
)

// Version is one immutable version of a tariff.
type Version struct {
	TariffID        string
	Version         int
	Currency        string
	EnergyPriceMWh  int64 // minor units per MWh
	SessionFeeCents int64
	IdleFeePerMin   int64
	IdleGraceMin    int
	EffectiveFrom   time.Time
}

// EnergyCost prices energyWh under this version.
func (v Version) EnergyCost(energyWh int64) int64 {
	return v.SessionFeeCents + (energyWh*v.EnergyPriceMWh+500_000)/1_000_000
}

// IdleFee prices idle minutes past the grace period.
func (v Version) IdleFee(idleMinutes int) int64 {
	billable := idleMinutes - v.IdleGraceMin
	if billable <= 0 {
		return 0
	}
	return int64(billable) * v.IdleFeePerMin
}

// HoldAmount is the pre-authorisation placed for a new session.
func (v Version) HoldAmount() int64 {
	// 60 kWh worst case, rounded up to a whole unit.
	amt := v.EnergyCost(60_000)
	return ((amt + 99) / 100) * 100
}

// Repo reads and writes tariffs.
type Repo struct{}

// NewRepo builds a repository.
func NewRepo() *Repo { return &Repo{} }

// Current returns the current version of a tariff.
func (r *Repo) Current(ctx context.Context, q dbutil.Querier, tariffID string) (Version, error) {
	var v Version
	err := q.QueryRowContext(ctx, `
		SELECT tv.tariff_id, tv.version, t.currency, tv.energy_price_mwh, tv.session_fee_cents,
		       tv.idle_fee_per_min, tv.idle_grace_min, tv.effective_from
		FROM tariffs t JOIN tariff_versions tv ON tv.tariff_id = t.id AND tv.version = t.current_version
		WHERE t.id = ?`, tariffID).
		Scan(&v.TariffID, &v.Version, &v.Currency, &v.EnergyPriceMWh, &v.SessionFeeCents,
			&v.IdleFeePerMin, &v.IdleGraceMin, &v.EffectiveFrom)
	if err != nil {
		return Version{}, fmt.Errorf("current tariff %s: %w", tariffID, dbutil.NotFound(err))
	}
	return v, nil
}

// UpsertVersion writes a tariff version; re-applying the same version
// overwrites it with identical values.
func (r *Repo) UpsertVersion(ctx context.Context, q dbutil.Querier, v Version) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO tariff_versions
			(tariff_id, version, energy_price_mwh, session_fee_cents, idle_fee_per_min, idle_grace_min, effective_from)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON DUPLICATE KEY UPDATE
			energy_price_mwh = VALUES(energy_price_mwh),
			session_fee_cents = VALUES(session_fee_cents),
			idle_fee_per_min = VALUES(idle_fee_per_min),
			idle_grace_min = VALUES(idle_grace_min),
			effective_from = VALUES(effective_from)`,
		v.TariffID, v.Version, v.EnergyPriceMWh, v.SessionFeeCents, v.IdleFeePerMin, v.IdleGraceMin, v.EffectiveFrom)
	if err != nil {
		return fmt.Errorf("upsert tariff version %s/%d: %w", v.TariffID, v.Version, err)
	}
	return nil
}

// Promote makes version current if it is newer than the current one.
// Returns true when the current version changed.
func (r *Repo) Promote(ctx context.Context, q dbutil.Querier, tariffID, currency string, version int) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO tariffs (id, currency, current_version) VALUES (?, ?, ?)
		ON DUPLICATE KEY UPDATE current_version = GREATEST(current_version, VALUES(current_version))`,
		tariffID, currency, version)
	if err != nil {
		return false, fmt.Errorf("promote tariff %s/%d: %w", tariffID, version, err)
	}
	// MySQL reports 1 for insert, 2 for an actual update, 0 for no change.
	return dbutil.Affected(res) > 0, nil
}

// Watchers lists drivers subscribed to price changes of a tariff.
func (r *Repo) Watchers(ctx context.Context, q dbutil.Querier, tariffID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT driver_id FROM tariff_watchers WHERE tariff_id = ?`, tariffID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// PartnerTariff is a tariff published by a roaming partner.
type PartnerTariff struct {
	PartnerID   string
	TariffID    string
	Currency    string
	Body        json.RawMessage
	LastUpdated time.Time
}

// UpsertPartnerTariff stores a partner tariff, ignoring stale pushes.
func (r *Repo) UpsertPartnerTariff(ctx context.Context, q dbutil.Querier, t PartnerTariff) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO partner_tariffs (partner_id, tariff_id, currency, body, last_updated)
		VALUES (?, ?, ?, ?, ?)
		ON DUPLICATE KEY UPDATE
			currency = IF(VALUES(last_updated) >= last_updated, VALUES(currency), currency),
			body = IF(VALUES(last_updated) >= last_updated, VALUES(body), body),
			last_updated = GREATEST(last_updated, VALUES(last_updated))`,
		t.PartnerID, t.TariffID, t.Currency, []byte(t.Body), t.LastUpdated)
	if err != nil {
		return fmt.Errorf("upsert partner tariff %s/%s: %w", t.PartnerID, t.TariffID, err)
	}
	return nil
}
