package session

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/voltway/charging/internal/platform/dbutil"
)

// Repo reads and writes charge sessions.
type Repo struct{}

// NewRepo builds a repository.
func NewRepo() *Repo { return &Repo{} }

const sessionCols = `id, driver_id, station_id, connector_id, origin, partner_id,
	authorization_reference, partner_token_uid, status, tariff_id, currency,
	hold_amount_cents, payment_intent_id, energy_wh, cost_cents, captured_cents,
	fleet_id, started_at, stopped_at, idle_started_at, unplugged_at,
	idle_fee_charged_at, created_at`

func scanSession(row interface{ Scan(...any) error }) (Session, error) {
	var s Session
	err := row.Scan(&s.ID, &s.DriverID, &s.StationID, &s.ConnectorID, &s.Origin, &s.PartnerID,
		&s.AuthorizationReference, &s.PartnerTokenUID, &s.Status, &s.TariffID, &s.Currency,
		&s.HoldAmountCents, &s.PaymentIntentID, &s.EnergyWh, &s.CostCents, &s.CapturedCents,
		&s.FleetID, &s.StartedAt, &s.StoppedAt, &s.IdleStartedAt, &s.UnpluggedAt,
		&s.IdleFeeChargedAt, &s.CreatedAt)
	return s, err
}

// Insert creates a session row.
func (r *Repo) Insert(ctx context.Context, q dbutil.Querier, s Session) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO charge_sessions
			(id, driver_id, station_id, connector_id, origin, partner_id,
			 authorization_reference, partner_token_uid, status, tariff_id, currency,
			 hold_amount_cents, fleet_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.ID, s.DriverID, s.StationID, s.ConnectorID, s.Origin, s.PartnerID,
		s.AuthorizationReference, s.PartnerTokenUID, s.Status, s.TariffID, s.Currency,
		s.HoldAmountCents, s.FleetID)
	if err != nil {
		return fmt.Errorf("insert session %s: %w", s.ID, err)
	}
	return nil
}

// Get loads a session.
func (r *Repo) Get(ctx context.Context, q dbutil.Querier, id string) (Session, error) {
	s, err := scanSession(q.QueryRowContext(ctx, `SELECT `+sessionCols+` FROM charge_sessions WHERE id = ?`, id))
	if err != nil {
		return Session{}, fmt.Errorf("get session %s: %w", id, dbutil.NotFound(err))
	}
	return s, nil
}

// GetForUpdate loads and row-locks a session inside a transaction.
func (r *Repo) GetForUpdate(ctx context.Context, tx *sql.Tx, id string) (Session, error) {
	s, err := scanSession(tx.QueryRowContext(ctx, `SELECT `+sessionCols+` FROM charge_sessions WHERE id = ? FOR UPDATE`, id))
	if err != nil {
		return Session{}, fmt.Errorf("lock session %s: %w", id, dbutil.NotFound(err))
	}
	return s, nil
}

// Transition moves a session from one of the allowed statuses to next and
// reports whether a row changed.
func (r *Repo) Transition(ctx context.Context, q dbutil.Querier, id, next string, from ...string) (bool, error) {
	if len(from) == 0 {
		return false, fmt.Errorf("transition %s: no source states", id)
	}
	args := []any{next, id}
	in := ""
	for i, f := range from {
		if i > 0 {
			in += ","
		}
		in += "?"
		args = append(args, f)
	}
	res, err := q.ExecContext(ctx,
		`UPDATE charge_sessions SET status = ? WHERE id = ? AND status IN (`+in+`)`, args...)
	if err != nil {
		return false, fmt.Errorf("transition %s to %s: %w", id, next, err)
	}
	return dbutil.Affected(res) == 1, nil
}

// MarkAuthorized records the hold's PaymentIntent.
func (r *Repo) MarkAuthorized(ctx context.Context, q dbutil.Querier, id, intentID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE charge_sessions SET status = ?, payment_intent_id = ?
		WHERE id = ? AND status = ?`, StatusAuthorized, intentID, id, StatusPendingAuth)
	return err
}

// Complete stores final metering and moves the session to completed.
func (r *Repo) Complete(ctx context.Context, q dbutil.Querier, id string, energyWh, costCents int64, startedAt, stoppedAt time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE charge_sessions
		SET status = ?, energy_wh = ?, cost_cents = ?, started_at = COALESCE(started_at, ?),
		    stopped_at = ?, idle_started_at = ?
		WHERE id = ? AND status IN (?, ?, ?)`,
		StatusCompleted, energyWh, costCents, startedAt, stoppedAt, stoppedAt, id,
		StatusAuthorized, StatusActive, StatusStopping)
	if err != nil {
		return false, fmt.Errorf("complete session %s: %w", id, err)
	}
	return dbutil.Affected(res) == 1, nil
}

// MarkCaptured records the captured amount.
func (r *Repo) MarkCaptured(ctx context.Context, q dbutil.Querier, id string, capturedCents int64) error {
	_, err := q.ExecContext(ctx, `
		UPDATE charge_sessions SET status = ?, captured_cents = ?
		WHERE id = ? AND status = ?`, StatusCaptured, capturedCents, id, StatusCompleted)
	return err
}

// ListIdle returns card-billed app sessions whose car has been unplugged
// and whose idle time has not been billed yet.
func (r *Repo) ListIdle(ctx context.Context, q dbutil.Querier, limit int) ([]Session, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+sessionCols+` FROM charge_sessions
		WHERE status IN (?, ?) AND idle_started_at IS NOT NULL AND unplugged_at IS NOT NULL
		  AND idle_fee_charged_at IS NULL AND origin = ? AND fleet_id IS NULL
		ORDER BY unplugged_at LIMIT ?`,
		StatusCompleted, StatusCaptured, OriginApp, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// MarkIdleFeeCharged stamps the idle fee time.
func (r *Repo) MarkIdleFeeCharged(ctx context.Context, q dbutil.Querier, id string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE charge_sessions SET idle_fee_charged_at = ? WHERE id = ?`, at, id)
	return err
}

// ListStaleHolds returns sessions authorised before cutoff that never started.
func (r *Repo) ListStaleHolds(ctx context.Context, q dbutil.Querier, cutoff time.Time, limit int) ([]Session, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+sessionCols+` FROM charge_sessions
		WHERE status = ? AND updated_at < ? AND payment_intent_id IS NOT NULL
		ORDER BY updated_at LIMIT ?`, StatusAuthorized, cutoff, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Attempt is one row of the append-only payment attempt log.
type Attempt struct {
	ID             string
	SessionID      string
	Kind           string
	AmountCents    int64
	IdempotencyKey string
	Outcome        string
	Detail         string
}

// LogAttempt appends to payment_attempts.
func (r *Repo) LogAttempt(ctx context.Context, q dbutil.Querier, a Attempt) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO payment_attempts (id, session_id, kind, amount_cents, idempotency_key, outcome, detail)
		VALUES (?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.SessionID, a.Kind, a.AmountCents, a.IdempotencyKey, a.Outcome, a.Detail)
	return err
}

// GetDriver loads a driver profile.
func (r *Repo) GetDriver(ctx context.Context, q dbutil.Querier, id string) (Driver, error) {
	var d Driver
	err := q.QueryRowContext(ctx, `
		SELECT d.id, d.phone_e164, d.push_token, d.stripe_customer_id, d.default_payment_method, fd.fleet_id
		FROM drivers d LEFT JOIN fleet_drivers fd ON fd.driver_id = d.id
		WHERE d.id = ? LIMIT 1`, id).
		Scan(&d.ID, &d.Phone, &d.PushToken, &d.StripeCustomerID, &d.DefaultPaymentMethod, &d.FleetID)
	if err != nil {
		return Driver{}, fmt.Errorf("get driver %s: %w", id, dbutil.NotFound(err))
	}
	return d, nil
}

// GetStation loads a station.
func (r *Repo) GetStation(ctx context.Context, q dbutil.Querier, id string) (Station, error) {
	var st Station
	err := q.QueryRowContext(ctx, `SELECT id, location_id, evse_uid, tariff_id, status FROM stations WHERE id = ?`, id).
		Scan(&st.ID, &st.LocationID, &st.EvseUID, &st.TariffID, &st.Status)
	if err != nil {
		return Station{}, fmt.Errorf("get station %s: %w", id, dbutil.NotFound(err))
	}
	return st, nil
}

// GetStationByEvse loads a station by OCPI location and EVSE.
func (r *Repo) GetStationByEvse(ctx context.Context, q dbutil.Querier, locationID, evseUID string) (Station, error) {
	var st Station
	err := q.QueryRowContext(ctx, `SELECT id, location_id, evse_uid, tariff_id, status FROM stations
		WHERE location_id = ? AND evse_uid = ?`, locationID, evseUID).
		Scan(&st.ID, &st.LocationID, &st.EvseUID, &st.TariffID, &st.Status)
	if err != nil {
		return Station{}, fmt.Errorf("get station %s/%s: %w", locationID, evseUID, dbutil.NotFound(err))
	}
	return st, nil
}
