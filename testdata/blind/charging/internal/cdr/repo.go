// Package cdr handles charge detail records in both roaming directions:
// inbound CDRs (our drivers on partner networks) are stored and billed to
// the driver; outbound CDRs (partner drivers on our network) are pushed to
// the partner.
package cdr

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/roaming"
)

// Inbound is a stored partner CDR.
type Inbound struct {
	PartnerID      string
	CdrID          string
	TokenUID       string
	SessionRef     string
	Currency       string
	TotalCostCents int64
	EnergyWh       int64
	StartAt        time.Time
	EndAt          time.Time
	BilledAt       sql.NullTime
}

// FromWire converts an OCPI CDR to the stored form.
func FromWire(partnerID string, c roaming.CDR) Inbound {
	return Inbound{
		PartnerID:      partnerID,
		CdrID:          c.ID,
		TokenUID:       c.CdrToken.UID,
		SessionRef:     c.SessionID,
		Currency:       c.Currency,
		TotalCostCents: int64(math.Round(c.TotalCost.ExclVat * 100)),
		EnergyWh:       int64(math.Round(c.TotalEnergy * 1000)),
		StartAt:        c.StartDateTime,
		EndAt:          c.EndDateTime,
	}
}

// Repo is the CDR data access layer.
type Repo struct{}

// NewRepo builds a repository.
func NewRepo() *Repo { return &Repo{} }

// InsertInbound stores a partner CDR once; returns whether it was new.
func (r *Repo) InsertInbound(ctx context.Context, q dbutil.Querier, in Inbound, raw json.RawMessage) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO roaming_cdrs
			(partner_id, cdr_id, token_uid, session_ref, currency, total_cost_cents, energy_wh, start_at, end_at, raw)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		in.PartnerID, in.CdrID, in.TokenUID, in.SessionRef, in.Currency, in.TotalCostCents,
		in.EnergyWh, in.StartAt, in.EndAt, []byte(raw))
	if err != nil {
		return false, fmt.Errorf("insert cdr %s/%s: %w", in.PartnerID, in.CdrID, err)
	}
	return dbutil.Affected(res) == 1, nil
}

// GetInbound loads a stored partner CDR.
func (r *Repo) GetInbound(ctx context.Context, q dbutil.Querier, partnerID, cdrID string) (Inbound, error) {
	var in Inbound
	err := q.QueryRowContext(ctx, `
		SELECT partner_id, cdr_id, token_uid, session_ref, currency, total_cost_cents, energy_wh,
		       start_at, end_at, billed_at
		FROM roaming_cdrs WHERE partner_id = ? AND cdr_id = ?`, partnerID, cdrID).
		Scan(&in.PartnerID, &in.CdrID, &in.TokenUID, &in.SessionRef, &in.Currency, &in.TotalCostCents,
			&in.EnergyWh, &in.StartAt, &in.EndAt, &in.BilledAt)
	if err != nil {
		return Inbound{}, fmt.Errorf("get cdr %s/%s: %w", partnerID, cdrID, dbutil.NotFound(err))
	}
	return in, nil
}

// MarkBilled stamps billed_at.
func (r *Repo) MarkBilled(ctx context.Context, q dbutil.Querier, partnerID, cdrID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE roaming_cdrs SET billed_at = UTC_TIMESTAMP(3)
		WHERE partner_id = ? AND cdr_id = ? AND billed_at IS NULL`, partnerID, cdrID)
	return err
}

// InsertCharge records the driver-facing charge for a CDR.
func (r *Repo) InsertCharge(ctx context.Context, q dbutil.Querier, partnerID, cdrID, driverID string, amount, markup int64) error {
	_, err := q.ExecContext(ctx, `
		INSERT IGNORE INTO roaming_charges (partner_id, cdr_id, driver_id, amount_cents, markup_cents)
		VALUES (?, ?, ?, ?, ?)`, partnerID, cdrID, driverID, amount, markup)
	return err
}

// AddOutstanding increases what a driver owes.
func (r *Repo) AddOutstanding(ctx context.Context, q dbutil.Querier, driverID string, cents int64) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO driver_accounts (driver_id, outstanding_cents) VALUES (?, ?)
		ON DUPLICATE KEY UPDATE outstanding_cents = outstanding_cents + VALUES(outstanding_cents)`,
		driverID, cents)
	return err
}

// DriverByToken resolves a roaming token UID to our driver.
func (r *Repo) DriverByToken(ctx context.Context, q dbutil.Querier, uid string) (string, error) {
	var id string
	err := q.QueryRowContext(ctx, `SELECT id FROM drivers WHERE roaming_token_uid = ?`, uid).Scan(&id)
	if err != nil {
		return "", fmt.Errorf("driver for token %s: %w", uid, dbutil.NotFound(err))
	}
	return id, nil
}

// Cursor returns how far CDRs of a partner have been reconciled.
func (r *Repo) Cursor(ctx context.Context, q dbutil.Querier, partnerID string, def time.Time) (time.Time, error) {
	var t time.Time
	err := q.QueryRowContext(ctx, `SELECT synced_to FROM cdr_sync_cursors WHERE partner_id = ?`, partnerID).Scan(&t)
	if err == sql.ErrNoRows {
		return def, nil
	}
	return t, err
}

// SaveCursor moves a partner's reconcile cursor forward.
func (r *Repo) SaveCursor(ctx context.Context, q dbutil.Querier, partnerID string, to time.Time) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO cdr_sync_cursors (partner_id, synced_to) VALUES (?, ?)
		ON DUPLICATE KEY UPDATE synced_to = GREATEST(synced_to, VALUES(synced_to))`, partnerID, to)
	return err
}
