package emsp

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/platform/dbutil"
)

// PartnerSession is the CPO's full view of one of our drivers' sessions
// (OCPI Session object, PUT).
type PartnerSession struct {
	ID                     string    `json:"id"`
	Status                 string    `json:"status"`
	Currency               string    `json:"currency"`
	KWh                    float64   `json:"kwh"`
	TotalCostExclVat       float64   `json:"total_cost_excl_vat"`
	AuthorizationReference string    `json:"authorization_reference"`
	TokenUID               string    `json:"token_uid"`
	LastUpdated            time.Time `json:"last_updated"`
}

// Tracker keeps roaming sessions of our drivers up to date.
type Tracker struct {
	db   *sql.DB
	repo *Repo
}

// NewTracker wires the tracker.
func NewTracker(db *sql.DB, repo *Repo) *Tracker { return &Tracker{db: db, repo: repo} }

// Put upserts the partner's full session object. Older pushes than the
// stored one are ignored, so replays are harmless.
func (t *Tracker) Put(ctx context.Context, partnerID string, ps PartnerSession) error {
	var driverID string
	if err := t.db.QueryRowContext(ctx, `SELECT id FROM drivers WHERE roaming_token_uid = ?`, ps.TokenUID).
		Scan(&driverID); err != nil {
		return fmt.Errorf("driver for token: %w", dbutil.NotFound(err))
	}
	var cmdID sql.NullString
	if ps.AuthorizationReference != "" {
		cmdID = sql.NullString{String: ps.AuthorizationReference, Valid: true}
	}
	_, err := t.db.ExecContext(ctx, `
		INSERT INTO roaming_sessions
			(partner_id, session_id, driver_id, command_id, status, currency, energy_wh, cost_cents, last_updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON DUPLICATE KEY UPDATE
			status       = IF(VALUES(last_updated) >= last_updated, VALUES(status), status),
			energy_wh    = IF(VALUES(last_updated) >= last_updated, VALUES(energy_wh), energy_wh),
			cost_cents   = IF(VALUES(last_updated) >= last_updated, VALUES(cost_cents), cost_cents),
			last_updated = GREATEST(last_updated, VALUES(last_updated))`,
		partnerID, ps.ID, driverID, cmdID, ps.Status, ps.Currency,
		int64(ps.KWh*1000), int64(ps.TotalCostExclVat*100), ps.LastUpdated)
	if err != nil {
		return fmt.Errorf("upsert roaming session %s/%s: %w", partnerID, ps.ID, err)
	}
	return nil
}

// Patch is a partial update carrying newly metered charging periods.
type Patch struct {
	Status          string        `json:"status,omitempty"`
	ChargingPeriods []PeriodDelta `json:"charging_periods"`
	LastUpdated     time.Time     `json:"last_updated"`
}

// PeriodDelta is one newly metered period.
type PeriodDelta struct {
	StartDateTime time.Time `json:"start_date_time"`
	EnergyWh      int64     `json:"energy_wh"`
	CostCents     int64     `json:"cost_cents"`
}

// recordUpdate notes that the update identified by key has been received
// and reports whether it is new.
func (t *Tracker) recordUpdate(ctx context.Context, q dbutil.Querier, partnerID, sessionID, key string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO partner_session_updates (partner_id, session_id, update_key) VALUES (?, ?, ?)`,
		partnerID, sessionID, key)
	if err != nil {
		return false, err
	}
	return dbutil.Affected(res) == 1, nil
}

// ApplyPatch appends the patch's charging periods and adds them to the
// session totals, once per distinct last_updated value.
func (t *Tracker) ApplyPatch(ctx context.Context, partnerID, sessionID string, p Patch) error {
	key := p.LastUpdated.UTC().Format(time.RFC3339Nano)
	fresh, err := t.recordUpdate(ctx, t.db, partnerID, sessionID, key)
	if err != nil {
		return fmt.Errorf("record session update: %w", err)
	}
	if !fresh {
		return nil
	}
	return dbutil.WithTx(ctx, t.db, func(tx *sql.Tx) error {
		var energy, cost int64
		for _, cp := range p.ChargingPeriods {
			if _, err := tx.ExecContext(ctx, `
				INSERT INTO roaming_session_periods (partner_id, session_id, period_start, energy_wh, cost_cents)
				VALUES (?, ?, ?, ?, ?)`, partnerID, sessionID, cp.StartDateTime, cp.EnergyWh, cp.CostCents); err != nil {
				return err
			}
			energy += cp.EnergyWh
			cost += cp.CostCents
		}
		res, err := tx.ExecContext(ctx, `
			UPDATE roaming_sessions
			SET energy_wh = energy_wh + ?, cost_cents = cost_cents + ?,
			    status = COALESCE(NULLIF(?, ''), status),
			    last_updated = GREATEST(last_updated, ?)
			WHERE partner_id = ? AND session_id = ?`,
			energy, cost, p.Status, p.LastUpdated, partnerID, sessionID)
		if err != nil {
			return err
		}
		if dbutil.Affected(res) == 0 {
			return fmt.Errorf("roaming session %s/%s: %w", partnerID, sessionID, dbutil.ErrNotFound)
		}
		return nil
	})
}
